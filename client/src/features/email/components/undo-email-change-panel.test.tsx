import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { UndoEmailChangePanel } from './undo-email-change-panel';

// The undo screen's panel against the real API (server/src/test/global-setup-components.ts); the
// whole way through, from the old address's mail, is e2e/undo-email-change.spec.ts.
describe('UndoEmailChangePanel', () => {
  it("does nothing until the button is pressed, then shows the server's refusal of a forged link and the way on", async () => {
    const { user } = renderWithApp(
      <UndoEmailChangePanel token={'x'.repeat(43)} next={<a href="/auth">Go to sign in</a>} />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to sign in' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid: it may have been used already.',
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
  });
});
