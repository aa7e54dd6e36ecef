import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Workout } from '@common/schemas/workouts';
import { renderWithApp } from '@/test/render';
import { scoreChartGeometry } from '../utils/chart';
import { scoringOf } from '../utils/score';
import { ProgressChart } from './progress-chart';
import { WorkoutList } from './workout-list';

// A for-time set is its finish's seconds, or with `capped: true` the reps done at the cap; a
// rounds set is its total reps (docs/decisions/0217-*).
const set = (id: number, challenge: string, score: number, capped?: true): Workout =>
  ({
    id,
    userId: 1,
    challenge,
    score,
    notes: null,
    createdAt: new Date(Date.UTC(2026, 10, 20 + id, 12)).toISOString(),
    verified: false,
    hidden: null,
    ...(capped ? { capped } : {}),
  }) as Workout;

const mfm = scoringOf('mfm-challenge');

describe('the progress chart of a finish time', () => {
  const runs = [
    set(1, 'mfm-challenge', 312, true),
    set(2, 'mfm-challenge', 1500),
    set(3, 'mfm-challenge', 1122),
    set(4, 'mfm-challenge', 1300),
  ];

  it('marks the fastest finish as the best, lower on the plot than a slower one, and puts a capped run on the cap line', () => {
    const g = scoreChartGeometry(runs, 300, 100, mfm);
    expect(g.lowerIsBetter).toBe(true);
    expect(g.points.find((p) => p.best)).toMatchObject({ id: 3, score: 1122 });
    expect(g.best).toBe(1122);
    expect(g.bestCapped).toBeUndefined();
    const y = (id: number) => g.points.find((p) => p.id === id)!.y;
    // Lower is better: the faster finish sits lower (a larger y on the SVG).
    expect(y(3)).toBeGreaterThan(y(2));
    expect(g.points[0]).toMatchObject({ capped: true, y: 100 - (1800 / g.yMax) * 100 });
  });

  it('with no finish yet, the best is the most reps at the cap', () => {
    const g = scoreChartGeometry(
      [set(1, 'mfm-challenge', 200, true), set(2, 'mfm-challenge', 312, true)],
      300,
      100,
      mfm,
    );
    expect(g).toMatchObject({ best: 312, bestCapped: true });
  });

  it('says lower is better, shows the best finish as a time and explains a capped run', () => {
    render(<ProgressChart workouts={runs} challenge="mfm-challenge" />);
    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName(
      /^Finish time over your last 4 workouts, .*, lower is better\. Personal best 18:42 on /,
    );
    expect(chart).toHaveAccessibleName(
      /Latest 21:40\. 1 run stopped by the cap, shown on the cap line\.$/,
    );
    expect(within(chart).getByTestId('chart-best-label')).toHaveTextContent('Best 18:42');
    expect(within(chart).getByTestId('chart-lower-is-better')).toHaveTextContent('Lower is better');
    expect(within(chart).getByTestId('chart-cap-label')).toHaveTextContent('Cap 30:00');
    expect(within(chart).getAllByTestId('chart-capped-point')).toHaveLength(1);
    // Ticks are times.
    expect(within(chart).getByText('30:00')).toBeInTheDocument();
  });

  it('a count keeps more is better, with no cap', () => {
    render(
      <ProgressChart
        workouts={[set(1, 'burpees-or-bust', 30), set(2, 'burpees-or-bust', 42)]}
        challenge="burpees-or-bust"
      />,
    );
    const chart = screen.getByRole('img');
    expect(chart).not.toHaveAccessibleName(/lower is better/);
    expect(within(chart).queryByTestId('chart-lower-is-better')).toBeNull();
    expect(within(chart).getByTestId('chart-best-label')).toHaveTextContent('Best 42');
  });
});

describe('the progress chart of rounds', () => {
  it('draws total reps, with the best in rounds and reps', () => {
    render(
      <ProgressChart
        workouts={[set(1, 'nickels-dimes', 90), set(2, 'nickels-dimes', 114)]}
        challenge="nickels-dimes"
      />,
    );
    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName(/^Reps over your last 2 workouts/);
    expect(within(chart).getByTestId('chart-best-label')).toHaveTextContent('Best 7+9');
    expect(within(chart).queryByTestId('chart-lower-is-better')).toBeNull();
  });
});

describe('a workout list of the last two challenges', () => {
  it('writes a finish, a capped run and rounds in their words', () => {
    renderWithApp(
      <WorkoutList
        workouts={[
          set(1, 'mfm-challenge', 1122),
          set(2, 'mfm-challenge', 312, true),
          set(3, 'nickels-dimes', 114),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('workout-row');
    expect(rows[0]).toHaveTextContent('18:42');
    expect(rows[1]).toHaveTextContent('CAP + 312 reps');
    expect(rows[2]).toHaveTextContent('7 rounds + 9');
  });
});
