import { rankValue, type Scoring } from '@common/challenges';
import type { Workout } from '@common/schemas/workouts';
import { scoredOf } from '@/lib/score-figure';

export interface ChartPoint {
  id: number;
  x: number;
  y: number;
  /** The workout's score: reps, seconds held, total reps of rounds, a finish's seconds. */
  score: number;
  /** A for-time run that reached the cap: drawn on the cap line, apart from the finishes. */
  capped?: boolean;
  createdAt: string;
  best: boolean;
}

export interface ChartGeometry {
  points: ChartPoint[];
  best: number;
  /** The best is a capped run (a for-time member with no finish yet). */
  bestCapped?: boolean;
  yMax: number;
  ticks: number[];
  /** A finish time: lower on the axis is better. */
  lowerIsBetter?: boolean;
  /** For a for-time challenge, the cap's seconds: capped runs sit on this line. */
  cap?: number;
}

/** A round axis top at or above `max` and its tick values. */
export function niceScale(max: number, tickCount = 4): { top: number; ticks: number[] } {
  const raw = Math.max(1, max) / tickCount;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  const top = step * Math.ceil(Math.max(1, max) / step);
  const ticks: number[] = [];
  for (let v = 0; v <= top + 1e-9; v += step) ticks.push(Math.round(v));
  return { top, ticks };
}

// Steps of a time axis: whole seconds that read well as m:ss or h:mm:ss.
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];

/** A round axis top at or above `max` seconds, with ticks on steps that read well as times. */
export function niceTimeScale(max: number, tickCount = 4): { top: number; ticks: number[] } {
  const raw = Math.max(1, max) / tickCount;
  const step = TIME_STEPS.find((s) => s >= raw) ?? 3600 * Math.ceil(raw / 3600);
  const top = step * Math.ceil(Math.max(1, max) / step);
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return { top, ticks };
}

/**
 * Places workouts (any order) on a width x height plot, oldest on the left, evenly spaced by
 * workout (not by time: a week off should not squash the line). The first set reaching the
 * personal best is marked. `kind`: a hold's axis steps in times (0:30, 1:00), a count's in numbers.
 */
export function chartGeometry(
  workouts: Workout[],
  width: number,
  height: number,
  kind: 'reps' | 'seconds' = 'reps',
): ChartGeometry {
  const sorted = [...workouts].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id,
  );
  const best = sorted.reduce((m, w) => Math.max(m, w.score), 0);
  const { top, ticks } = kind === 'seconds' ? niceTimeScale(best) : niceScale(best);
  const bestIndex = sorted.findIndex((w) => w.score === best);
  const n = sorted.length;
  const points = sorted.map((w, i) => ({
    id: w.id,
    x: n === 1 ? width / 2 : (i / (n - 1)) * width,
    y: height - (w.score / top) * height,
    score: w.score,
    createdAt: w.createdAt,
    best: i === bestIndex,
  }));
  return { points, best, yMax: top, ticks };
}

/**
 * A challenge's chart: `chartGeometry` for a count, a hold or rounds (total reps); for a for-time
 * challenge a time axis where lower is better, finishes at their time and capped runs on the cap
 * line (marked apart: their reps are not a time). The best is by rank: the fastest finish, or with
 * no finish yet the most reps at the cap.
 */
export function scoreChartGeometry(
  workouts: Workout[],
  width: number,
  height: number,
  scoring: Scoring,
): ChartGeometry {
  if (scoring.kind !== 'for-time')
    return chartGeometry(workouts, width, height, scoring.kind === 'seconds' ? 'seconds' : 'reps');
  const sorted = [...workouts].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id,
  );
  const runs = sorted.map((w) => ({ w, ...scoredOf(w) }));
  if (runs.length === 0)
    return {
      points: [],
      best: 0,
      yMax: scoring.capSeconds,
      ticks: [],
      lowerIsBetter: true,
      cap: scoring.capSeconds,
    };
  const anyCapped = runs.some((r) => r.capped);
  const slowest = runs.reduce((m, r) => (r.capped ? m : Math.max(m, r.score)), 0);
  const { top, ticks } = niceTimeScale(anyCapped ? scoring.capSeconds : slowest);
  const rankOf = (r: (typeof runs)[number]) => rankValue(scoring, r.score, r.capped);
  const bestRun = runs.reduce((b, r) => (rankOf(r) > rankOf(b) ? r : b), runs[0]!);
  const n = runs.length;
  const points = runs.map((r) => {
    const seconds = r.capped ? scoring.capSeconds : r.score;
    return {
      id: r.w.id,
      x: n === 1 ? width / 2 : (runs.indexOf(r) / (n - 1)) * width,
      y: height - (seconds / top) * height,
      score: r.score,
      ...(r.capped ? { capped: true } : {}),
      createdAt: r.w.createdAt,
      best: r === bestRun,
    };
  });
  return {
    points,
    best: bestRun.score,
    ...(bestRun.capped ? { bestCapped: true } : {}),
    yMax: top,
    ticks,
    lowerIsBetter: true,
    cap: scoring.capSeconds,
  };
}

export interface LabelPlacement {
  x: number;
  y: number;
  anchor: 'start' | 'end';
}

/**
 * Where the "Best N" label goes on the best line (at height `y` of a `width` x `height` plot) so
 * that it never covers the best point: at the end of the line away from the point, above the line,
 * or below it when the line runs along the top of the plot.
 */
export function bestLabelPlacement(point: { x: number; y: number }, width: number): LabelPlacement {
  const below = point.y < 18;
  const y = below ? point.y + 16 : point.y - 7;
  return point.x > width / 2 ? { x: 0, y, anchor: 'start' } : { x: width, y, anchor: 'end' };
}
