import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SCORE_TIERS, TIER_WORDS } from '@common/tier-words';
import { AwaitingReviewBadge, TierBadge, TierLegend } from './tier-badge';

describe('TierBadge', () => {
  it('names the tier, and only by its accessible name when it is an icon', () => {
    const { rerender } = render(<TierBadge tier="camera-counted" />);
    expect(screen.getByTestId('tier-badge')).toHaveTextContent('Camera-counted');
    expect(screen.getByTestId('tier-badge')).toHaveAttribute(
      'title',
      `Camera-counted: ${TIER_WORDS['camera-counted'].meaning}`,
    );
    rerender(<TierBadge tier="reviewed" iconOnly />);
    expect(screen.getByRole('img', { name: 'Reviewed' })).toHaveTextContent('');
  });

  it('says "Awaiting review"', () => {
    render(<AwaitingReviewBadge />);
    expect(screen.getByTestId('awaiting-review')).toHaveTextContent('Awaiting review');
  });
});

describe('TierLegend', () => {
  it('opens on a tap and lists the four tiers with their meanings, then closes with Escape', async () => {
    const user = userEvent.setup();
    render(<TierLegend />);
    expect(screen.queryByTestId('tier-legend')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Score tiers' }));
    const legend = await screen.findByTestId('tier-legend');
    const items = screen.getByRole('list', { name: 'Score tiers' });
    for (const tier of SCORE_TIERS) {
      expect(items).toHaveTextContent(TIER_WORDS[tier].label);
      expect(items).toHaveTextContent(TIER_WORDS[tier].meaning);
    }
    expect(legend).toHaveTextContent('Awaiting review');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('tier-legend')).toBeNull();
  });
});
