import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueWith, openChallenges } from '@common/challenges';
import { renderWithApp } from '@/test/render';
import { TimerScreen } from './timer-screen';

// The run screen on a fake clock (timeouts, performance.now and Date): the catalogue's timers with
// all three challenges open, as CHALLENGES=pushup-90,burpees-or-bust,plank-drop serves them.
const open = openChallenges(catalogueWith(['pushup-90', 'burpees-or-bust', 'plank-drop']));
const challenge = (id: string) => open.find((c) => c.id === id)!;
const READY_MS = 3 * 800;

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  localStorage.setItem('fitbench:timer-muted', '1');
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('TimerScreen', () => {
  it('burpees: a 2:00 countdown with the catalogue cues, counted taps on the end', async () => {
    const onComplete = vi.fn();
    renderWithApp(
      <TimerScreen
        challenge={challenge('burpees-or-bust')}
        onCancel={() => undefined}
        onComplete={onComplete}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Burpees or Bust timer' })).toBeInTheDocument();
    expect(screen.getByText('2:00 on the clock')).toBeInTheDocument();
    // Camera counting is for push-ups only.
    expect(screen.queryByRole('button', { name: 'Count with camera' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await advance(READY_MS);
    expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent('2:00');
    const pad = screen.getByRole('button', { name: /Tap to count a burpee/ });
    fireEvent.pointerDown(pad, { button: 0 });
    fireEvent.pointerDown(pad, { button: 0 });
    await advance(30_000);
    expect(screen.getByTestId('cue-message')).toHaveTextContent('90 seconds left');
    expect(screen.getByRole('timer')).toHaveTextContent('1:30');
    await advance(90_000);
    expect(onComplete).toHaveBeenCalledWith(2, null);
  });

  it('the plank: counts up after the ready steps and Stop ends the hold with the seconds held', async () => {
    const onComplete = vi.fn();
    renderWithApp(
      <TimerScreen
        challenge={challenge('plank-drop')}
        onCancel={() => undefined}
        onComplete={onComplete}
      />,
    );
    expect(screen.getByText(/A stopwatch/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    const stop = screen.getByRole('button', { name: 'Stop' });
    // During the 3-2-1 Stop holds the focus but does nothing.
    expect(stop).toHaveFocus();
    expect(stop).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(stop);
    expect(onComplete).not.toHaveBeenCalled();
    await advance(READY_MS);
    expect(screen.getByRole('timer', { name: 'Time held' })).toHaveTextContent('0:00');
    await advance(30_000);
    expect(screen.getByTestId('cue-message')).toHaveTextContent('30 seconds');
    await advance(35_400);
    expect(screen.getByRole('timer')).toHaveTextContent('1:05');
    fireEvent.click(stop);
    expect(onComplete).toHaveBeenCalledWith(65, null);
  });

  it('the plank: Space stops it wherever the focus is, but not on Cancel', async () => {
    const onComplete = vi.fn();
    const onCancel = vi.fn();
    renderWithApp(
      <TimerScreen
        challenge={challenge('plank-drop')}
        onCancel={onCancel}
        onComplete={onComplete}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await advance(READY_MS + 3_700);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.keyDown(cancel, { key: ' ' });
    expect(onComplete).not.toHaveBeenCalled();
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(onComplete).toHaveBeenCalledWith(3, null);
  });

  it('the plank: the clock reads h:mm:ss past an hour', async () => {
    renderWithApp(
      <TimerScreen
        challenge={challenge('plank-drop')}
        onCancel={() => undefined}
        onComplete={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await advance(READY_MS + 3_725_000);
    expect(screen.getByRole('timer', { name: 'Time held' })).toHaveTextContent('1:02:05');
  });

  it('push-ups keep their screen: 90 s, the camera offer', () => {
    renderWithApp(
      <TimerScreen
        challenge={challenge('pushup-90')}
        onCancel={() => undefined}
        onComplete={() => undefined}
      />,
    );
    expect(
      screen.getByRole('heading', { name: '90 Second Push-up Challenge timer' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1:30 on the clock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Count with camera' })).toBeInTheDocument();
  });
});
