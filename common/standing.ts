// "Where you stand": the arithmetic of FitBench's own percentiles, shared by the server (which
// reads the counts kept by server/src/db/sql/standing.sql) and the tests. Pure: no database.
// docs/decisions/0221-where-you-stand.md
import { AGE_GROUPS, type AgeGroupId } from './leaderboard.ts';
import { say } from './say.ts';

/** A group is shown only with at least this many members (docs/decisions/0221-where-you-stand.md). */
export const STANDING_MIN_MEMBERS = 30;

export type StandingGender = 'male' | 'female';

/** The gender a member is counted under beside "all": male or female; anything else only in all. */
export const standingGender = (g: string | null | undefined): StandingGender | null =>
  g === 'male' || g === 'female' ? g : null;

/**
 * The count table summed for one value: per age band ('' = age unknown), gender ('' = not male or
 * female) and kind (all sets, or verified ones), how many members have a best there, and how many
 * of those bests are below the value asked about.
 */
export interface CountRow {
  band: string;
  gender: string;
  verified: boolean;
  members: number;
  below: number;
}

/** A group of members: an age band and a gender, each null for "all". */
export interface GroupKey {
  ageGroup: AgeGroupId | null;
  gender: StandingGender | null;
}

export interface GroupTally {
  /** Members in the group, the asking member included when they have a best there. */
  members: number;
  /** Of them, those whose best is below the value asked about (the asking member never). */
  below: number;
}

/**
 * Tallies the group, leaving the asking member's own best out of "below" when it is below the
 * value (`ownBelow`): it is theirs, not someone else's, so a member is never better than themselves.
 */
export function tally(
  rows: readonly CountRow[],
  key: GroupKey,
  verified: boolean,
  ownBelow: boolean,
): GroupTally {
  let members = 0;
  let below = 0;
  for (const r of rows) {
    if (r.verified !== verified) continue;
    if (key.ageGroup !== null && r.band !== key.ageGroup) continue;
    if (key.gender !== null && r.gender !== key.gender) continue;
    members += r.members;
    below += r.below;
  }
  return { members, below: ownBelow ? below - 1 : below };
}

/**
 * "Better than X % of them": the share of the other members whose best is below the value,
 * rounded down (never flatters). null when the group is under the threshold or has nobody else.
 * `ownCounted`: the asking member is one of `members`.
 */
export function betterThan(
  t: GroupTally,
  ownCounted: boolean,
  min = STANDING_MIN_MEMBERS,
): number | null {
  if (t.members < min) return null;
  const others = t.members - (ownCounted ? 1 : 0);
  if (others <= 0) return null;
  return Math.floor((100 * Math.max(0, t.below)) / others);
}

/**
 * A group's words, whole per gender so each language words it its own way (common/locales/): the
 * band by kind, its figures apart ("women 30-39", "Frauen 30–39", "mujeres de 30 a 39").
 */
const BAND = '{band, select, under {under {below}} plus {{min}+} other {{min}-{max}}}';
const WITH_BAND: Record<StandingGender | 'all', string> = {
  female: `women ${BAND}`,
  male: `men ${BAND}`,
  all: `members ${BAND}`,
};
const WITHOUT_BAND: Record<StandingGender | 'all', string> = {
  female: 'women',
  male: 'men',
  all: 'all members',
};

/** "women 30-39", "men", "members 60+", "women under 20", "all members", in the reader's language. */
export function groupLabel(key: GroupKey): string {
  const who = key.gender ?? 'all';
  const band = key.ageGroup ? AGE_GROUPS.find((g) => g.id === key.ageGroup) : undefined;
  if (!band) return say(WITHOUT_BAND[who]);
  const open = !Number.isFinite(band.max);
  return say(WITH_BAND[who], {
    band: band.min === 0 ? 'under' : open ? 'plus' : 'range',
    below: band.max + 1,
    min: band.min,
    max: open ? band.min : band.max,
  });
}

/** The groups shown to a member: theirs, then widening to all ages and all genders. */
export function groupsOf(ageGroup: AgeGroupId | null, gender: StandingGender | null): GroupKey[] {
  const keys: GroupKey[] = [];
  if (ageGroup && gender) keys.push({ ageGroup, gender });
  if (ageGroup) keys.push({ ageGroup, gender: null });
  if (gender) keys.push({ ageGroup: null, gender });
  keys.push({ ageGroup: null, gender: null });
  return keys;
}
