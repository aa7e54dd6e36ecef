import { formatHold, type Scoring } from '@common/challenges';
import { formatCount } from '@/lib/format-number';

/** What a stat tile shows where a member has no set yet (components/ui/stat-tile.tsx reads it out). */
export const NO_SCORE = '—';

/**
 * A stat tile's figure in the challenge's unit: a count (1,234), or a time held (3:25). No score
 * (no set yet: every set scores at least 1) is a dash, not "0" or "0:00", which would read as a
 * set of nothing.
 */
export const scoreFigure = (scoring: Scoring, value: number | undefined) =>
  !value ? NO_SCORE : scoring.kind === 'seconds' ? formatHold(value) : formatCount(value);

/**
 * A board row's or a standing's score. A board kept on the device from before challenges existed
 * (the offline query cache) names it `pushups` only: that is its score.
 */
export const scoreOf = (row: { score?: number; pushups?: number }) => row.score ?? row.pushups ?? 0;

/** Stats' figures, from a response of either shape (see scoreOf): `lastScore` or `lastPushups`. */
export function statScores(s: {
  lastScore?: number;
  bestScore?: number;
  totalScore?: number;
  lastPushups?: number;
  bestPushups?: number;
  totalPushups?: number;
}) {
  return {
    last: s.lastScore ?? s.lastPushups ?? 0,
    best: s.bestScore ?? s.bestPushups ?? 0,
    total: s.totalScore ?? s.totalPushups ?? 0,
  };
}
