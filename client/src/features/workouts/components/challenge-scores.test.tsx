import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Workout } from '@common/schemas/workouts';
import { renderWithApp, signInAsVeteran, signUp } from '@/test/render';
import { scoringOf } from '../utils/score';
import { CountEntry } from './count-entry';
import { LogWorkoutForm } from './log-workout-form';
import { WorkoutList } from './workout-list';

// The count entry, the log form and the history for the challenges other than push-ups: their
// unit, their range (said under the field), and saves that name the challenge and its score.
const burpees = { id: 'burpees-or-bust', scoring: scoringOf('burpees-or-bust') };
const plank = { id: 'plank-drop', scoring: scoringOf('plank-drop') };

const workout = (id: number, challenge: string, score: number): Workout => ({
  id,
  userId: 1,
  challenge,
  score,
  ...(challenge === 'pushup-90' ? { pushups: score } : {}),
  notes: null,
  createdAt: new Date(Date.UTC(2026, 10, 20, 12, id)).toISOString(),
  verified: false,
  tier: 'entered',
  hidden: null,
});

describe('CountEntry for a hold', () => {
  it('starts from the clock as m:ss, steps by 5 seconds and shows what will be saved', async () => {
    const { user } = renderWithApp(
      <CountEntry
        challenge={plank}
        initialCount={153}
        onSaved={() => undefined}
        onCancel={() => undefined}
      />,
    );
    const field = screen.getByLabelText('How long did you hold?');
    expect(field).toHaveValue('2:33');
    expect(screen.getByTestId('hold-display')).toHaveTextContent('Will be saved as 2:33');
    await user.click(screen.getByRole('button', { name: '5 seconds more' }));
    expect(field).toHaveValue('2:35');
    await user.click(screen.getByRole('button', { name: '5 seconds more' }));
    expect(field).toHaveValue('2:40');
    await user.click(screen.getByRole('button', { name: '5 seconds less' }));
    await user.click(screen.getByRole('button', { name: '5 seconds less' }));
    expect(field).toHaveValue('2:30');
  });

  it('saves "2:30" as 150 seconds, not 230', async () => {
    // An account seconds old cannot have held for 2:30 (docs/decisions/0204-a-hold-begins-after-joining.md).
    await signInAsVeteran();
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <CountEntry
        challenge={plank}
        initialCount={65}
        onSaved={onSaved}
        onCancel={() => undefined}
      />,
    );
    const field = screen.getByLabelText('How long did you hold?');
    await user.clear(field);
    await user.type(field, '2:30');
    expect(field).toHaveValue('2:30');
    expect(screen.getByTestId('hold-display')).toHaveTextContent('Will be saved as 2:30');
    await user.click(screen.getByRole('button', { name: 'Save Workout' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce(), { timeout: 15_000 });
    expect(onSaved.mock.calls[0]![0]).toMatchObject({ challenge: 'plank-drop', score: 150 });
  });

  it('refuses text that is not a time and a time out of range under the field, with no toast', async () => {
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <CountEntry
        challenge={plank}
        initialCount={65}
        onSaved={onSaved}
        onCancel={() => undefined}
      />,
    );
    const field = screen.getByLabelText('How long did you hold?');
    await user.clear(field);
    await user.type(field, '2:75{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Seconds after a colon go up to 59: 2:75 is not a time',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.getByTestId('hold-display')).toHaveTextContent('');
    await user.clear(field);
    await user.type(field, '0{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('The hold must be at least 0:01');
    // Above the range it is said at once.
    await user.clear(field);
    await user.type(field, '10:00:01');
    expect(screen.getByRole('alert')).toHaveTextContent('The hold must be at most 10:00:00');
    expect(screen.queryByText('Invalid count')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('LogWorkoutForm for a hold', () => {
  it('takes the time as m:ss and says an unreadable one under the field', async () => {
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <LogWorkoutForm challenge={plank} onSaved={onSaved} onCancel={() => undefined} />,
    );
    const field = screen.getByLabelText('Time held');
    await user.clear(field);
    await user.type(field, '1:2:3:4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('1:2:3:4 is not a time');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, '1:02:30');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('hold-display')).toHaveTextContent('Will be saved as 1:02:30');
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('CountEntry for burpees', () => {
  it('asks in burpees and refuses more than 150 under the field', async () => {
    const { user } = renderWithApp(
      <CountEntry
        challenge={burpees}
        initialCount={150}
        onSaved={() => undefined}
        onCancel={() => undefined}
      />,
    );
    const field = screen.getByLabelText('How many burpees did you complete?');
    expect(screen.getByRole('button', { name: 'Increase count' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '151');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Burpees must be a whole number from 1 to 150',
    );
  });
});

describe('LogWorkoutForm for burpees', () => {
  it('labels the score in burpees and says a score out of range under the field', async () => {
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <LogWorkoutForm challenge={burpees} onSaved={onSaved} onCancel={() => undefined} />,
    );
    const field = screen.getByLabelText('Burpees');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Burpees must be a whole number from 1 to 150',
    );
    expect(field).toHaveFocus();
    expect(screen.queryByText('Invalid count')).toBeNull();
    await user.type(field, '42');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('WorkoutList', () => {
  it("shows each workout in its challenge's unit", () => {
    renderWithApp(
      <WorkoutList
        workouts={[
          workout(3, 'plank-drop', 205),
          workout(2, 'burpees-or-bust', 42),
          workout(1, 'pushup-90', 1),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('workout-row');
    expect(rows.map((r) => within(r).getByText(/held|burpee|push-up/).textContent)).toEqual([
      '3:25 held',
      '42 burpees',
      '1 push-up',
    ]);
  });
});

describe('saving another challenge', () => {
  it('sends the challenge and its score; the server lists it under that challenge', async () => {
    await signUp();
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <CountEntry
        challenge={burpees}
        initialCount={41}
        onSaved={onSaved}
        onCancel={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Increase count' }));
    await user.click(screen.getByRole('button', { name: 'Save Workout' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce(), { timeout: 15_000 });
    expect(onSaved.mock.calls[0]![0]).toMatchObject({ challenge: 'burpees-or-bust', score: 42 });
    const res = await fetch('/api/workouts?challenge=burpees-or-bust', { credentials: 'include' });
    const body = (await res.json()) as Workout[];
    expect(body.map((w) => [w.challenge, w.score])).toEqual([['burpees-or-bust', 42]]);
  });
});
