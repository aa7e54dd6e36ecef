import { plural, t } from '@lingui/core/macro';
import { badgeName } from '@common/badges';
import { CATALOGUE, findEntry } from '@common/challenges';
import { AGE_GROUPS } from '@common/leaderboard';
import type { FeedItem, SuggestionReason } from '@common/schemas/feed';
import { TIER_WORDS } from '@common/tiers';
import { sayShared } from '@/lib/i18n';
import { scoreFigure } from '@/lib/score-figure';

// The words a set is shown with on the feed and its page.

/** "Push-ups · 42": the challenge's title and the score in its unit. */
export function setHeadline(item: Pick<FeedItem, 'challenge' | 'score' | 'capped'>) {
  const entry = findEntry(item.challenge, CATALOGUE);
  const figure = entry?.scoring
    ? scoreFigure(entry.scoring, item.score, item.capped)
    : String(item.score);
  return { title: entry ? sayShared(entry.title)! : item.challenge, figure };
}

/** What the set is called out for: a new best, then the badges it earned. */
export function callouts(item: Pick<FeedItem, 'newBest' | 'badges'>): string[] {
  const badges = item.badges.map((b) => badgeName(b.badge, b.challenge));
  // The new-best badge says it already.
  const hasBestBadge = item.badges.some((b) => b.badge === 'new-best');
  return [...(item.newBest && !hasBestBadge ? [t`New best`] : []), ...badges];
}

export const tierLabel = (tier: FeedItem['tier']) => sayShared(TIER_WORDS[tier].label)!;

/** "1 kudos"/"3 kudos" reads oddly: "Kudos" with the count beside it. */
export const commentsLabel = (n: number) => plural(n, { one: '# comment', other: '# comments' });

/**
 * Why a member is suggested, in the page's language, from the reason's code (GET /api/feed's
 * `reason`): "In Early Birds", "Top of the 30-39 board", "Top of the all-time board".
 */
export function suggestionWhy({ reason, why }: { reason?: SuggestionReason; why: string }): string {
  // An answer this device kept from before the codes (lib/offline/query-cache.ts) has words only.
  if (!reason) return why;
  if (reason.kind === 'club') {
    const club = reason.club;
    return t`In ${club}`;
  }
  // The band's label is said by common/ ("Under 20" in the page's language).
  const group = AGE_GROUPS.find((g) => g.id === reason.ageGroup)?.label;
  return group ? t`Top of the ${group} board` : t`Top of the all-time board`;
}
