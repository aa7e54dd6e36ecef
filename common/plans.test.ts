import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './challenges';
import {
  allowedAfter,
  levelOf,
  localDate,
  movedDates,
  nextDates,
  planSessions,
  planShapeOf,
  PLAN_SESSIONS,
  weekTops,
  weekdayOf,
  type PlanShape,
} from './plans';

const shapes = CATALOGUE.flatMap((e) => {
  const shape = planShapeOf(e);
  return shape && e.scoring ? [{ entry: e, shape, min: e.scoring.min, max: e.scoring.max }] : [];
});
const anyShape = fc.constantFrom(...shapes);
const scoreIn = (s: (typeof shapes)[number]) => fc.integer({ min: s.min, max: s.max });
const placingsFor = (s: (typeof shapes)[number]) =>
  fc.array(scoreIn(s), { minLength: 1, maxLength: 3 });
const setsOf = (shape: PlanShape, placings: number[]) =>
  planSessions(shape, placings).flatMap((p) => p.prescription?.sets ?? []);

describe('which challenges allow a plan', () => {
  it('decides by the scoring kind and the timer mode', () => {
    for (const e of CATALOGUE) {
      const shape = planShapeOf(e);
      const kind = e.scoring?.kind;
      if (kind === 'for-time' || !kind) expect(shape).toBeNull();
      else
        expect(shape?.unit).toBe(
          kind === 'rounds' ? 'rounds' : kind === 'seconds' ? 'seconds' : 'reps',
        );
    }
    expect(shapes.length).toBeGreaterThanOrEqual(3);
  });
});

describe('the plan arithmetic', () => {
  it('has eighteen sessions with re-tests ending weeks 2, 4 and 6', () => {
    const { shape } = shapes[0]!;
    const sessions = planSessions(shape, [40]);
    expect(sessions).toHaveLength(PLAN_SESSIONS);
    expect(sessions.filter((s) => s.kind === 'retest').map((s) => s.week)).toEqual([2, 4, 6]);
  });

  it('starts well inside the test: the first top set is half the test result', () => {
    const reps = shapes.find((s) => s.shape.unit === 'reps')!;
    expect(weekTops(reps.shape, [40])[0]).toBe(20);
    expect(planSessions(reps.shape, [40])[0]!.prescription!.sets).toEqual([20, 20, 16, 16, 20]);
  });

  it('never asks for more than the plausible range', () => {
    fc.assert(
      fc.property(
        anyShape.chain((s) => fc.tuple(fc.constant(s), placingsFor(s))),
        ([s, placings]) => {
          for (const n of setsOf(s.shape, placings)) {
            expect(n).toBeGreaterThanOrEqual(1);
            expect(n * s.shape.repsPerRound).toBeLessThanOrEqual(s.max);
          }
        },
      ),
    );
  });

  it('never makes a week harder than the growth rule allows over the last', () => {
    fc.assert(
      fc.property(
        anyShape.chain((s) => fc.tuple(fc.constant(s), placingsFor(s))),
        ([s, placings]) => {
          const tops = weekTops(s.shape, placings);
          for (let w = 1; w < tops.length; w++)
            expect(tops[w]).toBeLessThanOrEqual(allowedAfter(tops[w - 1]!));
        },
      ),
    );
  });

  it('a lower re-test never raises what follows', () => {
    fc.assert(
      fc.property(
        anyShape.chain((s) => fc.tuple(fc.constant(s), placingsFor(s), scoreIn(s), scoreIn(s))),
        ([s, before, a, b]) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const prefix = before.slice(0, 2);
          const stage = prefix.length; // the re-test ends week 2 * stage
          const lower = weekTops(s.shape, [...prefix, low]);
          const higher = weekTops(s.shape, [...prefix, high]);
          const unchanged = weekTops(s.shape, prefix);
          for (let w = 0; w < 6; w++) {
            expect(lower[w]).toBeLessThanOrEqual(higher[w]!);
            if (w < 2 * stage) expect(lower[w]).toBe(unchanged[w]);
          }
        },
      ),
    );
  });

  it('a re-test below the last moves the plan back: the week after is no harder than the week before', () => {
    fc.assert(
      fc.property(
        anyShape.chain((s) => fc.tuple(fc.constant(s), scoreIn(s), scoreIn(s))),
        ([s, first, second]) => {
          fc.pre(levelOf(s.shape, second) < levelOf(s.shape, first));
          const tops = weekTops(s.shape, [first, second]);
          expect(tops[2]).toBeLessThanOrEqual(tops[1]!);
          const kept = weekTops(s.shape, [first]);
          for (let w = 2; w < 6; w++) expect(tops[w]).toBeLessThanOrEqual(kept[w]!);
        },
      ),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(
        anyShape.chain((s) => fc.tuple(fc.constant(s), placingsFor(s))),
        ([s, placings]) => {
          expect(planSessions(s.shape, placings)).toEqual(planSessions(s.shape, [...placings]));
        },
      ),
    );
  });
});

describe('the calendar', () => {
  it('puts sessions on the chosen days only, from the first date on', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3650 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        (offset, days) => {
          const from = new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const dates = nextDates(from, days, PLAN_SESSIONS);
          expect(dates).toHaveLength(PLAN_SESSIONS);
          expect(dates[0]! >= from).toBe(true);
          for (const d of dates) expect(days).toContain(weekdayOf(d));
          expect([...dates].sort()).toEqual(dates);
          expect(new Set(dates).size).toBe(dates.length);
        },
      ),
    );
  });

  it('moves missed sessions onto the next chosen days, and leaves a calendar on time alone', () => {
    // 2026-11-30 is a Monday.
    expect(movedDates(['2026-11-23', '2026-11-25', '2026-11-27'], '2026-11-30', [1, 3, 5])).toEqual(
      ['2026-11-30', '2026-12-02', '2026-12-04'],
    );
    expect(movedDates(['2026-11-24', '2026-11-26'], '2026-11-30', [2, 4])).toEqual([
      '2026-12-01',
      '2026-12-03',
    ]);
    expect(movedDates(['2026-11-30', '2026-12-02'], '2026-11-30', [1, 3])).toBeNull();
    expect(movedDates([], '2026-11-30', [1])).toBeNull();
  });

  it('gives the member their local date', () => {
    const now = new Date('2026-11-29T23:30:00Z');
    expect(localDate(now, null)).toBe('2026-11-29');
    expect(localDate(now, 'Europe/Berlin')).toBe('2026-11-30');
    expect(localDate(now, 'America/Los_Angeles')).toBe('2026-11-29');
  });
});
