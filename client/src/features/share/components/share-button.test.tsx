import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ShareButton } from './share-button';

describe('ShareButton', () => {
  it('without native share, offers the networks with the link and copies it', async () => {
    const url = 'https://fitbench.example/users/alex';
    const { user } = renderWithApp(
      <ShareButton url={url} text="alex did 42 push-ups" title="FitBench" />,
    );
    await user.click(screen.getByRole('button', { name: 'Share' }));
    // X under its current name, with the one the specification gives (not "Twitter" alone).
    expect(screen.queryByRole('menuitem', { name: 'Twitter' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'X (Twitter)' }).getAttribute('href')).toMatch(
      /^https:\/\/x\.com\/intent\/tweet\?/,
    );
    for (const network of ['Facebook', 'X (Twitter)', 'LinkedIn']) {
      const link = screen.getByRole('menuitem', { name: network });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('href')).toContain(encodeURIComponent(url));
    }
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);
  });
});
