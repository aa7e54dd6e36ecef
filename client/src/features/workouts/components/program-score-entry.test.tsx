import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { entryOf } from '@common/challenges';
import { renderWithApp } from '@/test/render';
import { CountEntry } from './count-entry';
import { LogWorkoutForm } from './log-workout-form';

// The score of an interval program as the member enters it: rounds and extra reps, or a finishing
// time or the reps done by the cap, each checked with the challenge's range words. (Their saves
// run end to end in e2e/program-runs.spec.ts, on a server that opens both.)
const scored = (id: string) => {
  const e = entryOf(id);
  return { id: e.id, scoring: e.scoring!, words: e.words };
};
const nickels = scored('nickels-dimes');
const mfm = scored('mfm-challenge');

describe('rounds and extra reps', () => {
  it('starts from the rounds tapped, takes the focus to the extra reps and shows the score as saved', async () => {
    const { user } = renderWithApp(
      <CountEntry
        challenge={nickels}
        initialCount={105}
        focusOnOpen
        onSaved={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByRole('group', { name: 'How far did you get?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Rounds finished')).toHaveValue('7');
    const extra = screen.getByLabelText('Extra reps (0 to 14)');
    expect(extra).toHaveFocus();
    expect(screen.getByTestId('rounds-display')).toHaveTextContent('7 rounds + 0 = 105 reps');
    await user.keyboard('9');
    expect(screen.getByTestId('rounds-display')).toHaveTextContent('7 rounds + 9 = 114 reps');
    await user.click(screen.getByRole('button', { name: 'One round more' }));
    expect(screen.getByTestId('rounds-display')).toHaveTextContent('8 rounds + 9 = 129 reps');
  });

  it('refuses extra reps of a whole round, and a score of none, under the field', async () => {
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <CountEntry
        challenge={nickels}
        initialCount={0}
        onSaved={onSaved}
        onCancel={() => undefined}
      />,
    );
    const extra = screen.getByLabelText('Extra reps (0 to 14)');
    await user.clear(extra);
    await user.type(extra, '15');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Extra reps are those of the round you did not finish: 0 to 14',
    );
    expect(extra).toHaveAttribute('aria-invalid', 'true');
    await user.clear(extra);
    await user.type(extra, '0');
    await user.click(screen.getByRole('button', { name: 'Save Workout' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Reps must be a whole number from 1 to 900',
    );
    expect(screen.queryByText('Invalid count')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('a finish or the cap', () => {
  it('a finish faster than 6:00 is said at once, and not saved', async () => {
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <CountEntry
        challenge={mfm}
        initialCount={250}
        onSaved={onSaved}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByRole('radio', { name: 'I finished' })).toBeChecked();
    expect(screen.getByLabelText('Your time')).toHaveValue('4:10');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A finish faster than 6:00 is not plausible: check the time, or enter the reps done at the cap',
    );
    await user.click(screen.getByRole('button', { name: 'Save Workout' }));
    expect(onSaved).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Your time'));
    await user.type(screen.getByLabelText('Your time'), '18:42');
    expect(screen.getByTestId('hold-display')).toHaveTextContent('Will be saved as 18:42');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('at the cap: the reps done, prefilled, within 1 to 399', async () => {
    const { user } = renderWithApp(
      <CountEntry
        challenge={mfm}
        initialCount={312}
        initialCapped
        onSaved={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByRole('radio', { name: 'I reached the cap (30:00)' })).toBeChecked();
    const reps = screen.getByLabelText('Reps done by the cap');
    expect(reps).toHaveValue('312');
    await user.clear(reps);
    await user.type(reps, '400');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Reps at the cap must be a whole number from 1 to 399',
    );
    // Switching to a finish keeps the reps for later and asks for a time.
    await user.click(screen.getByRole('radio', { name: 'I finished' }));
    expect(screen.getByLabelText('Your time')).toHaveValue('');
    await user.click(screen.getByRole('radio', { name: 'I reached the cap (30:00)' }));
    expect(screen.getByLabelText('Reps done by the cap')).toHaveValue('400');
  });

  it('Log Workout asks for a time, empty at first, and says so on Save', async () => {
    const { user } = renderWithApp(
      <LogWorkoutForm challenge={mfm} onSaved={() => undefined} onCancel={() => undefined} />,
    );
    expect(screen.getByRole('group', { name: 'How did it end?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your time')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your time.');
  });
});
