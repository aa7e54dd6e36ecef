import { findEntry, type CatalogueEntry, CATALOGUE } from './challenges';
import type { BadgeKind } from './schemas/badges';
import { say, sayingRecord } from './say.ts';

// A badge's name on screen: the challenge's title comes from the catalogue entry, never from its id.

const PLAIN: Record<BadgeKind, string> = sayingRecord({
  'first-set': 'First set',
  'first-verified': 'First verified set',
  'new-best': 'New best',
  'top-ten': 'Top 10 of all time',
  'week-streak-4': '4-week streak',
  'plan-finished': 'Plan finished',
});

export function badgeName(
  badge: BadgeKind,
  challenge: string | null,
  entries: readonly CatalogueEntry[] = CATALOGUE,
): string {
  const title = challenge ? findEntry(challenge, entries)?.title : undefined;
  return title && badge !== 'first-verified' && badge !== 'week-streak-4'
    ? say('{badge}: {title}', { badge: PLAIN[badge], title: say(title) })
    : PLAIN[badge];
}
