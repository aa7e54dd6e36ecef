import { badgeName } from '@common/badges';
import { CATALOGUE, findEntry } from '@common/challenges';
import type { FeedItem } from '@common/schemas/feed';
import { TIER_WORDS } from '@common/tiers';
import { scoreFigure } from '@/lib/score-figure';

// The words a set is shown with on the feed and its page.

/** "Push-ups · 42": the challenge's title and the score in its unit. */
export function setHeadline(item: Pick<FeedItem, 'challenge' | 'score' | 'capped'>) {
  const entry = findEntry(item.challenge, CATALOGUE);
  const figure = entry?.scoring
    ? scoreFigure(entry.scoring, item.score, item.capped)
    : String(item.score);
  return { title: entry?.title ?? item.challenge, figure };
}

/** What the set is called out for: a new best, then the badges it earned. */
export function callouts(item: Pick<FeedItem, 'newBest' | 'badges'>): string[] {
  const badges = item.badges.map((b) => badgeName(b.badge, b.challenge));
  // The new-best badge says it already.
  const hasBestBadge = item.badges.some((b) => b.badge === 'new-best');
  return [...(item.newBest && !hasBestBadge ? ['New best'] : []), ...badges];
}

export const tierLabel = (tier: FeedItem['tier']) => TIER_WORDS[tier].label;

/** "1 kudos"/"3 kudos" reads oddly: "Kudos" with the count beside it. */
export const commentsLabel = (n: number) => (n === 1 ? '1 comment' : `${n} comments`);
