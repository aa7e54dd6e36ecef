import type { Workout } from '@common/schemas/workouts';

export interface ChartPoint {
  id: number;
  x: number;
  y: number;
  pushups: number;
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

/**
 * Places workouts (any order) on a width x height plot, oldest on the left, evenly spaced by
 * workout (not by time: a week off should not squash the line). The first set reaching the
 * personal best is marked.
 */
export function chartGeometry(workouts: Workout[], width: number, height: number): ChartGeometry {
  const sorted = [...workouts].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id,
  );
  const best = sorted.reduce((m, w) => Math.max(m, w.pushups), 0);
  const { top, ticks } = niceScale(best);
  const bestIndex = sorted.findIndex((w) => w.pushups === best);
  const n = sorted.length;
  const points = sorted.map((w, i) => ({
    id: w.id,
    x: n === 1 ? width / 2 : (i / (n - 1)) * width,
    y: height - (w.pushups / top) * height,
    pushups: w.pushups,
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
