import type { Workout } from '@common/schemas/workouts';

export interface ChartPoint {
  id: number;
  x: number;
  y: number;
  /** The workout's score: reps, or seconds held. */
  score: number;
  createdAt: string;
  best: boolean;
}

export interface ChartGeometry {
  points: ChartPoint[];
  best: number;
  yMax: number;
  ticks: number[];
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
