import {
  CUE_MESSAGE_MS,
  CUE_SECONDS,
  READY_STEP_MS,
  READY_STEPS,
  TIMER_SECONDS,
} from '@common/constants';

// The timer is a pure function of one instant, `t0` (the Start tap), and the clock. Nothing counts
// intervals: whatever the page missed while hidden, the state at `now` is computed afresh.

export const READY_MS = READY_STEPS * READY_STEP_MS;
export const RUN_MS = TIMER_SECONDS * 1000;
export const TOTAL_MS = READY_MS + RUN_MS;

export type TimerView =
  | { phase: 'ready'; step: number }
  | { phase: 'running'; remainingMs: number; secondsLeft: number }
  | { phase: 'complete' };

export type TimerEvent =
  | { type: 'ready'; step: number; at: number }
  | { type: 'go'; at: number }
  | { type: 'cue'; seconds: number; at: number }
  | { type: 'end'; at: number };

/** The deadline of the run for a Start tap at `t0`. */
export const endAt = (t0: number) => t0 + TOTAL_MS;

export function viewAt(t0: number, now: number): TimerView {
  const elapsed = now - t0;
  if (elapsed < READY_MS) {
    return { phase: 'ready', step: READY_STEPS - Math.floor(Math.max(0, elapsed) / READY_STEP_MS) };
  }
  const remainingMs = endAt(t0) - now;
  if (remainingMs <= 0) return { phase: 'complete' };
  return { phase: 'running', remainingMs, secondsLeft: Math.ceil(remainingMs / 1000) };
}

/** Every event of a run, in time order. */
export function schedule(t0: number): TimerEvent[] {
  const events: TimerEvent[] = [];
  for (let i = 0; i < READY_STEPS; i++)
    events.push({ type: 'ready', step: READY_STEPS - i, at: t0 + i * READY_STEP_MS });
  const runStart = t0 + READY_MS;
  events.push({ type: 'go', at: runStart });
  for (const seconds of CUE_SECONDS)
    events.push({ type: 'cue', seconds, at: endAt(t0) - seconds * 1000 });
  events.push({ type: 'end', at: endAt(t0) });
  return events.sort((a, b) => a.at - b.at);
}

/** The events in (from, to]; the very first tick passes from = t0 - 1 so the first ready step fires. */
export function eventsBetween(t0: number, from: number, to: number): TimerEvent[] {
  return schedule(t0).filter((e) => e.at > from && e.at <= to);
}

/**
 * Of the events that came due together (say, after the tab was hidden), the ones worth playing:
 * only the latest ready step or cue (announcing a stale "30 seconds left" helps nobody), plus
 * `go` and `end` (they change the screen).
 */
export function eventsToPlay(events: TimerEvent[]): TimerEvent[] {
  const end = events.find((e) => e.type === 'end');
  if (end) return [end];
  const lastAnnounce = [...events]
    .reverse()
    .find((e) => e.type === 'cue' || e.type === 'ready' || e.type === 'go');
  return lastAnnounce ? [lastAnnounce] : [];
}

/** The cue message on screen at `now`, shown for CUE_MESSAGE_MS after its mark. */
export function messageAt(t0: number, now: number): string | null {
  for (const e of schedule(t0).reverse()) {
    if ((e.type === 'cue' || e.type === 'go') && now >= e.at && now < e.at + CUE_MESSAGE_MS)
      return messageFor(e);
  }
  return null;
}

export function messageFor(e: TimerEvent): string {
  switch (e.type) {
    case 'ready':
      return String(e.step);
    case 'go':
      return 'Go!';
    case 'cue':
      return cueMessage(e.seconds);
    case 'end':
      return "Time's up!";
  }
}

export function cueMessage(seconds: number): string {
  if (seconds === 60) return '1 minute left';
  if (seconds === 10) return '10 seconds left. Push!';
  if (seconds === 75) return '75 seconds left. Keep going!';
  return `${seconds} seconds left`;
}

/**
 * When the screen next changes after `now`: the next event, the next whole second of the
 * countdown, or the end of a shown message. Null once the run is complete.
 */
export function nextWakeAt(t0: number, now: number): number | null {
  const end = endAt(t0);
  if (now >= end) return null;
  const candidates = schedule(t0)
    .flatMap((e) => (e.type === 'cue' || e.type === 'go' ? [e.at, e.at + CUE_MESSAGE_MS] : [e.at]))
    .filter((at) => at > now);
  if (now >= t0 + READY_MS) {
    // The displayed second changes when the remaining time crosses a multiple of 1000 ms.
    const remaining = end - now;
    const sinceBoundary = remaining % 1000 || 1000;
    candidates.push(now + sinceBoundary);
  }
  return Math.min(...candidates);
}

/** The fraction of the run left, for the ring (1 during the ready countdown, 0 at the end). */
export function fractionLeft(view: TimerView): number {
  if (view.phase === 'ready') return 1;
  if (view.phase === 'complete') return 0;
  return view.remainingMs / RUN_MS;
}

export const formatClock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
