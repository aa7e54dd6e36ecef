import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  catalogueWith,
  openChallenges,
  type OpenChallenge,
  type ScoringKind,
} from '@common/challenges';
import { BestToBeat } from './best-to-beat';
import { RunPayoff } from './run-payoff';

// Every entry the catalogue can open, found by how it is scored (no id named).
const open = openChallenges(catalogueWith(CATALOGUE.map((e) => e.id)));
const byKind = (kind: ScoringKind): OpenChallenge => open.find((c) => c.scoring.kind === kind)!;

describe('BestToBeat', () => {
  it('shows the best in the challenge’s words, or encourages a first-timer, or waits', () => {
    const reps = byKind('reps');
    const { rerender, container } = render(<BestToBeat scoring={reps.scoring} best={undefined} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<BestToBeat scoring={reps.scoring} best={{ score: 42 }} />);
    expect(screen.getByTestId('best-to-beat')).toHaveTextContent(
      `Your best: 42 ${reps.scoring.unit} — beat it`,
    );
    rerender(<BestToBeat scoring={byKind('seconds').scoring} best={{ score: 205 }} />);
    expect(screen.getByTestId('best-to-beat')).toHaveTextContent('Your best: 3:25 held — beat it');
    rerender(<BestToBeat scoring={reps.scoring} best={null} />);
    expect(screen.getByTestId('best-to-beat')).toHaveTextContent(
      /first set sets the number to beat/,
    );
  });
});

describe('RunPayoff', () => {
  it('compares with the last set and the best, up and down, and draws the pace', () => {
    const c = byKind('reps');
    render(
      <RunPayoff
        challenge={c}
        set={{ score: 40 }}
        last={{ score: 36 }}
        best={{ score: 45 }}
        pace={[8, 7, 7, 6, 6, 6]}
      />,
    );
    const rows = within(screen.getByTestId('run-payoff')).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(
      `Against your last set (36 ${c.scoring.unit})4 more ${c.scoring.unit}`,
    );
    expect(rows[1]).toHaveTextContent(
      `Against your best (45 ${c.scoring.unit})5 fewer ${c.scoring.unit}`,
    );
    expect(
      screen.getByRole('img', { name: 'Reps per 15 seconds: 8, 7, 7, 6, 6, 6; fastest 8' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('pace-chart')).toHaveTextContent('1:30');
    expect(screen.queryByTestId('first-set')).not.toBeInTheDocument();
  });

  it('reads a faster finish as better, and a capped best in its words', () => {
    const c = byKind('for-time');
    render(
      <RunPayoff
        challenge={c}
        set={{ score: 1700 }}
        last={{ score: 1750 }}
        best={{ score: 312, capped: true }}
        pace={null}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('0:50 faster');
    expect(rows[1]).toHaveTextContent('(CAP + 312 reps)a finish, not the cap');
    expect(screen.queryByTestId('pace-chart')).not.toBeInTheDocument();
  });

  it('celebrates the first set of a challenge instead of comparing', () => {
    const c = byKind('seconds');
    render(<RunPayoff challenge={c} set={{ score: 95 }} last={null} best={null} pace={null} />);
    expect(screen.getByTestId('first-set')).toHaveTextContent(`Your first ${c.title} set!`);
    expect(screen.getByTestId('first-set')).toHaveTextContent(
      '1:35 held is your number to beat from now on.',
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
