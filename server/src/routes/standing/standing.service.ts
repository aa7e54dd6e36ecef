import { sql } from 'drizzle-orm';
import { ageGroupOf } from '@common/leaderboard';
import { normBands } from '@common/norms';
import { rankValue } from '@common/challenge-scores';
import type { OpenChallenge } from '@common/challenges';
import type { Standing } from '@common/schemas/standing';
import {
  betterThan,
  groupLabel,
  groupsOf,
  standingGender,
  STANDING_MIN_MEMBERS,
  tally,
  type CountRow,
} from '@common/standing';
import { rowsOf, type Db } from '../../db/client';

interface Member {
  id: number;
  age: number | null;
  gender: string | null;
}

interface Best {
  verified: boolean;
  rank_value: number;
  score: number;
  capped: boolean;
}

/**
 * Where a member stands in a challenge: their best (or `asked`, a score they place) among
 * FitBench's members by age band and gender, from the counts standing.sql keeps (one small
 * grouped read, never a scan of the sets), and the bands of the norms the entry declares.
 */
export async function readStanding(
  db: Db,
  member: Member,
  challenge: OpenChallenge,
  asked?: { score: number; capped: boolean },
): Promise<Standing> {
  const bests = await rowsOf<Best>(
    db,
    sql`select verified, rank_value, score, capped from standing_bests
        where user_id = ${member.id} and challenge = ${challenge.id}`,
  );
  const all = bests.find((b) => !b.verified) ?? null;
  const verified = bests.find((b) => b.verified) ?? null;
  const ageGroup = ageGroupOf(member.age);
  const gender = standingGender(member.gender);
  const placed = asked ?? (all ? { score: all.score, capped: all.capped } : null);
  const base = { challenge: challenge.id, ageGroup, gender, minMembers: STANDING_MIN_MEMBERS };
  if (!placed) return { ...base, score: null, capped: false, isBest: false, groups: [], norms: [] };

  const value = asked ? rankValue(challenge.scoring, asked.score, asked.capped) : all!.rank_value;
  // The verified line places the member's verified best (a score asked about is not verified).
  const verifiedValue = verified?.rank_value ?? null;
  const rows = await rowsOf<CountRow>(
    db,
    sql`select band, gender, verified, sum(members)::int as members,
          coalesce(sum(members) filter (where rank_value < case when verified then ${verifiedValue}::int else ${value}::int end), 0)::int as below
        from standing_counts where challenge = ${challenge.id}
        group by band, gender, verified`,
  );
  const groups = groupsOf(ageGroup, gender).map((key) => {
    const t = tally(rows, key, false, all !== null && all.rank_value < value);
    const v = tally(rows, key, true, false);
    return {
      ...key,
      label: groupLabel(key),
      members: t.members,
      betterThan: betterThan(t, all !== null),
      verified:
        verifiedValue === null ? null : { members: v.members, betterThan: betterThan(v, true) },
    };
  });
  return {
    ...base,
    score: placed.score,
    capped: placed.capped,
    isBest: !asked,
    groups,
    norms: normBands(challenge.norms, placed.score, member.age, member.gender),
  };
}
