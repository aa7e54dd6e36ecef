import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import ResetPasswordRoute from './reset-password';

// A reset link that no longer works is said as the page opens, before any typing, with a way to
// ask for a new one (docs/decisions/0198-reset-link-checked-on-open.md). The check is the real
// server's.
const openAt = (search: string) =>
  renderWithApp(<ResetPasswordRoute />, { path: `/reset-password${search}` });

describe('the reset page', () => {
  it('says a link that does not work before any typing, and offers a new one', async () => {
    const { user } = openAt(`?token=${'A'.repeat(43)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid');
    expect(screen.queryByLabelText('New password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toBeVisible();
  });

  it('says a link without a token at once', () => {
    openAt('');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This link has no token. Ask for a new one.',
    );
    expect(screen.getByRole('button', { name: 'Ask for a new link' })).toBeVisible();
  });
});
