import {
  formatHold,
  formatScore,
  formatScoreShort,
  legacyScoreField,
  type CatalogueEntry,
  type Scoring,
} from '@common/challenges';
import { formatCount } from '@/lib/format-number';
import { t } from '@lingui/core/macro';
import { sayShared } from '@/lib/i18n';

// The one client module that reads a score's first name (the push-up entry's legacy field, in
// answers and in saves kept on the device by older versions) and the `capped` mark beside a score.
// Every screen reads a score through here, then writes it with common/challenge-scores.ts.

/** What a stat tile shows where a member has no set yet (components/ui/stat-tile.tsx reads it out). */
export const NO_SCORE = '—';

/** A row's score as the answers carry it: `score` (or its first name), and `capped` when capped. */
export interface ScoreRow {
  score?: number;
  pushups?: number;
  capped?: boolean;
}

/**
 * A stat tile's figure of one set's score in the challenge's unit: a count (1,234), a time held or
 * a finish (3:25), rounds ("7 rounds + 9"), a capped run ("CAP + 312"). No score (no set yet:
 * every set scores at least 1) is a dash, not "0" or "0:00", which would read as a set of nothing.
 */
export function scoreFigure(scoring: Scoring, value: number | undefined, capped = false): string {
  if (!value) return NO_SCORE;
  switch (scoring.kind) {
    case 'seconds':
      return formatHold(value);
    case 'rounds':
      return formatScore(scoring, value);
    case 'for-time':
      return capped ? `CAP + ${formatCount(value)}` : formatScoreShort(scoring, value);
    case 'reps':
      return formatCount(value);
  }
}

/**
 * A total's figure: seconds held as a time; otherwise reps (a for-time challenge's total is the
 * reps done, rounds' the reps of every round).
 */
export const totalFigure = (scoring: Scoring, value: number | undefined) =>
  !value ? NO_SCORE : scoring.kind === 'seconds' ? formatHold(value) : formatCount(value);

/** The total's tile label: "Total Push-ups", "Total Time Held", "Total Reps". */
export function totalTileLabel(scoring: Scoring): string {
  if (scoring.kind === 'seconds') return t`Total Time Held`;
  if (scoring.kind === 'for-time') return t`Total Reps`;
  const label = sayShared(scoring.label)!;
  return t`Total ${label}`;
}

/** The last set's tile label: "Last Count", "Last Hold", "Last Score". */
export function lastTileLabel(scoring: Scoring): string {
  if (scoring.kind === 'seconds') return t`Last Hold`;
  if (scoring.kind === 'reps') return t`Last Count`;
  return t`Last Score`;
}

/**
 * A board row's or a standing's score. A board kept on the device from before challenges existed
 * (the offline query cache) names it `pushups` only: that is its score.
 */
export const scoreOf = (row: ScoreRow) => row.score ?? row.pushups ?? 0;

/** Whether a row's score is a capped for-time run (answers carry `capped: true` only then). */
export const cappedOf = (row: ScoreRow) => row.capped === true;

/** A row's score and its cap mark, for formatScore and the other writers. */
export const scoredOf = (row: ScoreRow) => ({ score: scoreOf(row), capped: cappedOf(row) });

/** Stats' figures, from a response of either shape (see scoreOf): `lastScore` or `lastPushups`. */
export function statScores(s: {
  lastScore?: number;
  bestScore?: number;
  totalScore?: number;
  lastPushups?: number;
  bestPushups?: number;
  totalPushups?: number;
  lastCapped?: boolean;
  bestCapped?: boolean;
}): { last: number; best: number; total: number; lastCapped?: true; bestCapped?: true } {
  return {
    last: s.lastScore ?? s.lastPushups ?? 0,
    best: s.bestScore ?? s.bestPushups ?? 0,
    total: s.totalScore ?? s.totalPushups ?? 0,
    ...(s.lastCapped === true ? { lastCapped: true as const } : {}),
    ...(s.bestCapped === true ? { bestCapped: true as const } : {}),
  };
}

/**
 * A save's score under the challenge's first name too, where its entry declares one: the answer a
 * save kept on the device stands in for has the server's shape (server/src: the response mapper).
 */
export function legacyScoreFields(
  entry: Pick<CatalogueEntry, 'legacy'>,
  score: number,
): Record<string, number> {
  const field = legacyScoreField(entry);
  return field ? { [field]: score } : {};
}

/**
 * The first message under a save's or an edit's score in a 400's `errors`: under `score`, or under
 * the score's first name (a body that sent it). Forms read it here, so that no other module names
 * that field.
 */
export const scoreErrorOf = (
  errors: Record<string, string[] | undefined> | undefined,
): string | undefined => errors?.score?.[0] ?? errors?.pushups?.[0];
