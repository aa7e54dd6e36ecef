import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueWith, openChallenges } from '@common/challenges';
import { renderWithApp } from '@/test/render';
import { TimerScreen, type RunProgress } from './timer-screen';

// The two interval programs on a fake clock, as CHALLENGES opening them serves them.
const open = openChallenges(catalogueWith(['nickels-dimes', 'mfm-challenge']));
const challenge = (id: string) => open.find((c) => c.id === id)!;
const READY_MS = 3 * 800;

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const tap = (el: HTMLElement) => fireEvent.click(el);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  localStorage.setItem('fitbench:timer-muted', '1');
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('Nickels and Dimes', () => {
  it('shows the round and its movements, counts a tap per round, cues each minute, ends with the rounds in reps', async () => {
    const onComplete = vi.fn();
    const onProgress = vi.fn();
    renderWithApp(
      <TimerScreen
        challenge={challenge('nickels-dimes')}
        onCancel={() => undefined}
        onComplete={onComplete}
        onProgress={onProgress}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Nickels and Dimes timer' })).toBeInTheDocument();
    expect(screen.getByText('15:00 on the clock')).toBeInTheDocument();
    expect(screen.getByTestId('program-outline')).toHaveTextContent('5 push-ups (knees allowed)');
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    const done = screen.getByRole('button', { name: /^Round done/ });
    expect(done).toHaveFocus();
    // Not during the 3-2-1.
    tap(done);
    expect(screen.getByTestId('rounds-finished')).toHaveTextContent('0 rounds finished');
    await advance(READY_MS);
    expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent('15:00');
    expect(screen.getByTestId('program-round')).toHaveTextContent('Round 1');
    expect(screen.getByTestId('program-movements')).toHaveTextContent(
      '5 push-ups (knees allowed)10 air squats',
    );
    tap(done);
    tap(done);
    tap(done);
    expect(screen.getByTestId('program-round')).toHaveTextContent('Round 4');
    fireEvent.click(screen.getByRole('button', { name: 'Undo a round' }));
    expect(screen.getByTestId('rounds-finished')).toHaveTextContent('2 rounds finished');
    expect(onProgress).toHaveBeenLastCalledWith(
      expect.objectContaining({ taps: 2, camera: false }),
    );
    await advance(300_000);
    expect(screen.getByTestId('cue-message')).toHaveTextContent('10 minutes left');
    expect(screen.getByTestId('timer-announcement')).toHaveTextContent('10 minutes left');
    await advance(592_000);
    expect(screen.getByTestId('cue-message')).toHaveTextContent('8');
    expect(onComplete).not.toHaveBeenCalled();
    await advance(8_000);
    expect(onComplete).toHaveBeenCalledWith(30, null);
  });

  it('goes on after a reload with its rounds', async () => {
    const startedAt = Date.now() - READY_MS - 60_000;
    renderWithApp(
      <TimerScreen
        challenge={challenge('nickels-dimes')}
        resume={{ startedAt, taps: 5, camera: false }}
        onCancel={() => undefined}
        onComplete={() => undefined}
      />,
    );
    await advance(10);
    expect(screen.getByTestId('program-round')).toHaveTextContent('Round 6');
    expect(screen.getByRole('timer')).toHaveTextContent('14:00');
    expect(screen.getByTestId('timer-announcement')).toHaveTextContent('Run resumed.');
  });
});

describe('The MFM Challenge', () => {
  it('counts the movement down by +10 and +1, moves on by itself and with Next, and the last rep stops the clock', async () => {
    const onComplete = vi.fn();
    const onProgress = vi.fn<(p: RunProgress) => void>();
    renderWithApp(
      <TimerScreen
        challenge={challenge('mfm-challenge')}
        onCancel={() => undefined}
        onComplete={onComplete}
        onProgress={onProgress}
      />,
    );
    expect(screen.getByText('A clock counting up to the 30:00 cap')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await advance(READY_MS);
    expect(screen.getByRole('timer', { name: 'Time gone' })).toHaveTextContent('0:00');
    expect(screen.getByTestId('program-movement')).toHaveTextContent('Burpees');
    expect(screen.getByTestId('reps-left')).toHaveTextContent('40');
    const ten = screen.getByRole('button', { name: /^Add 10 burpees/ });
    expect(ten).toHaveFocus();
    tap(ten);
    tap(screen.getByRole('button', { name: 'Add 1 of burpees' }));
    tap(screen.getByRole('button', { name: 'Take back 1 rep' }));
    tap(screen.getByRole('button', { name: 'Take back 1 rep' }));
    expect(screen.getByTestId('reps-left')).toHaveTextContent('31');
    await advance(60_000);
    expect(screen.getByRole('timer')).toHaveTextContent('1:00');
    for (let i = 0; i < 4; i++) tap(screen.getByTestId('reps-add-tap'));
    // All 40 tapped: on to the push-ups, said.
    expect(screen.getByTestId('program-movement')).toHaveTextContent('Push-ups');
    expect(screen.getByTestId('reps-left')).toHaveTextContent('80');
    expect(screen.getByTestId('timer-announcement')).toHaveTextContent('Next: 80 push-ups');
    expect(onProgress).toHaveBeenLastCalledWith(
      expect.objectContaining({ taps: 40, part: 1, partReps: 0 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next: Air squats' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next: Sit-ups' }));
    expect(screen.getByTestId('reps-done')).toHaveTextContent('240 of 400 reps done');
    await advance(240_000);
    expect(screen.getByTestId('cue-message')).toHaveTextContent('5 minutes gone');
    await advance(61_500);
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(onComplete).toHaveBeenCalledWith(361, null, false);
  });

  it('the cap ends the run with the reps done, capped; a reload goes on on its movement', async () => {
    const onComplete = vi.fn();
    const startedAt = Date.now() - READY_MS - 1_700_000;
    renderWithApp(
      <TimerScreen
        challenge={challenge('mfm-challenge')}
        resume={{ startedAt, taps: 312, camera: false, part: 3, partReps: 72 }}
        onCancel={() => undefined}
        onComplete={onComplete}
      />,
    );
    await advance(10);
    expect(screen.getByTestId('program-movement')).toHaveTextContent('Sit-ups');
    expect(screen.getByTestId('reps-left')).toHaveTextContent('88');
    expect(screen.getByRole('timer')).toHaveTextContent('28:20');
    tap(screen.getByTestId('reps-add-one'));
    await advance(100_000);
    expect(onComplete).toHaveBeenCalledWith(313, null, true);
  });
});
