import { and, eq, sql } from 'drizzle-orm';
import type { ScoreTier } from '@common/tiers';
import type { Db } from '../../db/client';
import { users, workouts } from '../../db/schema';

// One set's share card (docs/decisions/0226-a-sets-share-card.md): what it shows, read from the
// set and its owner. A card is public (link previews fetch it without a session), so a set of a
// private or suspended member, or one a moderator hid, has none: 404 for everyone.

export interface SetCardFacts {
  challenge: string;
  username: string;
  score: number;
  capped: boolean;
  /** How far its score is proven (common/tiers.ts). */
  tier: ScoreTier;
  /** The day of the set in its owner's zone (UTC when unset), as the card writes it. */
  date: string;
}

/** "29 Nov 2026": the set's day in the owner's zone. */
export function cardDate(at: Date, timeZone: string | null): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: zone,
    }).format(at);
  try {
    return format(timeZone ?? 'UTC');
  } catch {
    // A zone this runtime does not know: the day in UTC.
    return format('UTC');
  }
}

export async function setCardFacts(db: Db, id: number): Promise<SetCardFacts | null> {
  const [row] = await db
    .select({
      challenge: workouts.challenge,
      score: workouts.score,
      capped: workouts.capped,
      tier: workouts.tier,
      createdAt: workouts.createdAt,
      username: users.username,
      timeZone: users.timeZone,
      isPrivate: users.isPrivate,
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
    })
    .from(workouts)
    .innerJoin(users, eq(users.id, workouts.userId))
    .where(
      and(
        eq(workouts.id, id),
        sql`not exists (select 1 from hidden_workouts h where h.workout_id = ${workouts.id})`,
      ),
    );
  if (!row || row.isPrivate || row.suspended) return null;
  return {
    challenge: row.challenge,
    username: row.username,
    score: row.score,
    capped: row.capped === true,
    tier: row.tier as ScoreTier,
    date: cardDate(new Date(row.createdAt), row.timeZone),
  };
}
