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
import type { BoardCache } from '../leaderboard';

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
  cache?: BoardCache,
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
  const counts = await challengeCounts(db, challenge.id, cache);
  const rows = countRows(counts, value, verifiedValue);
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

/** One group's members by rank value: the values ascending, and how many members are below each. */
interface GroupCounts {
  band: string;
  gender: string;
  verified: boolean;
  values: number[];
  /** below[i]: members whose rank value is under values[i]; below[values.length]: all of them. */
  below: number[];
}

/**
 * A challenge's counts by group, read whole (a few thousand rows: one per group and rank value) and
 * kept in the board cache under the challenge's scope, so they are dropped whenever its boards are
 * (a save, a delete, a hidden set, a member's change: every change of standing.sql's counts comes
 * with one). Each request then places its value by a binary search per group.
 */
async function challengeCounts(
  db: Db,
  challenge: string,
  cache?: BoardCache,
): Promise<GroupCounts[]> {
  const load = async () => {
    const rows = await rowsOf<{
      band: string;
      gender: string;
      verified: boolean;
      rank_value: number;
      members: number;
    }>(
      db,
      sql`select band, gender, verified, rank_value, members from standing_counts
          where challenge = ${challenge} and members > 0
          order by verified, band, gender, rank_value`,
    );
    const groups: GroupCounts[] = [];
    let g: GroupCounts | undefined;
    for (const r of rows) {
      if (!g || g.band !== r.band || g.gender !== r.gender || g.verified !== r.verified) {
        g = { band: r.band, gender: r.gender, verified: r.verified, values: [], below: [0] };
        groups.push(g);
      }
      g.values.push(r.rank_value);
      g.below.push(g.below[g.below.length - 1]! + r.members);
    }
    return groups;
  };
  return cache ? cache.getOrLoad('standing-counts', load, challenge) : load();
}

/** Members below `value` in a group: the count before the first value not under it. */
function membersBelow(g: GroupCounts, value: number | null): number {
  if (value === null) return 0;
  let lo = 0;
  let hi = g.values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (g.values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return g.below[lo]!;
}

/** Each group's members and those below the member's value (the verified groups: their verified value). */
function countRows(groups: GroupCounts[], value: number, verifiedValue: number | null): CountRow[] {
  return groups.map((g) => ({
    band: g.band,
    gender: g.gender,
    verified: g.verified,
    members: g.below[g.below.length - 1]!,
    below: membersBelow(g, g.verified ? verifiedValue : value),
  }));
}
