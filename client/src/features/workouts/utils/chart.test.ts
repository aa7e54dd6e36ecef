import { describe, expect, it } from 'vitest';
import type { Workout } from '@common/schemas/workouts';
import { bestLabelPlacement, chartGeometry, niceScale, niceTimeScale } from './chart';

const w = (id: number, pushups: number, day: number): Workout => ({
  id,
  userId: 1,
  challenge: 'pushup-90',
  score: pushups,
  pushups,
  notes: null,
  createdAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
  verified: false,
  tier: 'entered',
  hidden: null,
});

describe('niceScale', () => {
  it('rounds the top up to a nice step', () => {
    expect(niceScale(42)).toEqual({ top: 60, ticks: [0, 20, 40, 60] });
    expect(niceScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(0).top).toBe(1);
  });
});

describe('niceTimeScale', () => {
  it("steps a hold's axis in times that read well", () => {
    expect(niceTimeScale(205)).toEqual({ top: 240, ticks: [0, 60, 120, 180, 240] });
    expect(niceTimeScale(50)).toEqual({ top: 60, ticks: [0, 15, 30, 45, 60] });
    expect(niceTimeScale(4000).ticks.every((t) => t % 900 === 0)).toBe(true);
  });
});

describe('chartGeometry', () => {
  it('orders oldest first, spreads points across the width and marks the first best', () => {
    const g = chartGeometry([w(3, 40, 3), w(1, 20, 1), w(2, 40, 2)], 300, 100);
    expect(g.points.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(g.points.map((p) => p.x)).toEqual([0, 150, 300]);
    expect(g.best).toBe(40);
    expect(g.yMax).toBe(40);
    expect(g.points.map((p) => p.best)).toEqual([false, true, false]);
    expect(g.points[0]!.y).toBe(50);
    expect(g.points[1]!.y).toBe(0);
  });
  it('centres a single workout', () => {
    expect(chartGeometry([w(1, 10, 1)], 200, 100).points[0]!.x).toBe(100);
  });
});

describe('bestLabelPlacement', () => {
  it('puts the label at the end of the line away from the best point', () => {
    expect(bestLabelPlacement({ x: 290, y: 50 }, 300)).toEqual({ x: 0, y: 43, anchor: 'start' });
    expect(bestLabelPlacement({ x: 10, y: 50 }, 300)).toEqual({ x: 300, y: 43, anchor: 'end' });
  });
  it('goes below a line that runs along the top', () => {
    expect(bestLabelPlacement({ x: 150, y: 0 }, 300).y).toBe(16);
  });
});
