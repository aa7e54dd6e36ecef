import { plural, t } from '@lingui/core/macro';
import type { Movement, Scoring, Timer } from '@common/challenges';
import { formatHold } from '@common/challenges';
import { CUE_MESSAGE_MS, READY_STEP_MS, READY_STEPS } from '@common/constants';

// The timer is a pure function of one instant, `t0` (the Start tap), the challenge's plan and the
// clock. Nothing counts intervals: whatever the page missed while hidden, the state at `now` is
// computed afresh. A countdown runs a fixed time (push-ups 90 s, burpees 2:00); a stopwatch counts
// up from "Go!" until the member stops it, or until the longest hold the challenge can score. An
// interval program runs like a countdown ('rounds': as many rounds as possible in a fixed time) or
// counts up to its cap ('for-time'); what the member taps (rounds, reps, the movement) is theirs,
// kept beside t0 (utils/program.ts), never in the clock.

export const READY_MS = READY_STEPS * READY_STEP_MS;

/** How a challenge's run is timed: its catalogue timer, with the longest hold for a stopwatch. */
export type RunPlan =
  | { mode: 'countdown'; seconds: number; cues: readonly number[] }
  | { mode: 'stopwatch'; cueEverySeconds: number; maxSeconds: number }
  /** As many rounds of `round` as possible in `seconds`; cues each `cueEverySeconds` left and the last `finalSeconds`. */
  | {
      mode: 'rounds';
      seconds: number;
      round: readonly Movement[];
      cueEverySeconds: number;
      finalSeconds: number;
    }
  /** The `parts` in order, the clock counting up to `capSeconds`; a cue each `cueEverySeconds` and a minute before the cap. */
  | {
      mode: 'for-time';
      capSeconds: number;
      parts: readonly Movement[];
      tapReps: number;
      cueEverySeconds: number;
    };

export type ProgramPlan = Extract<RunPlan, { mode: 'rounds' | 'for-time' }>;

/** Whether the run is an interval program (the member taps rounds or reps through movements). */
export const isProgram = (plan: RunPlan): plan is ProgramPlan =>
  plan.mode === 'rounds' || plan.mode === 'for-time';

/** The plan of a challenge from the catalogue (common/challenges.ts). */
export function planOf(c: { timer: Timer; scoring: Scoring }): RunPlan {
  const t = c.timer;
  switch (t.mode) {
    case 'countdown':
      return { mode: 'countdown', seconds: t.seconds, cues: t.cues };
    case 'stopwatch':
      return { mode: 'stopwatch', cueEverySeconds: t.cueEverySeconds, maxSeconds: c.scoring.max };
    case 'rounds':
      return {
        mode: 'rounds',
        seconds: t.seconds,
        round: t.round,
        cueEverySeconds: t.cueEverySeconds,
        finalSeconds: t.finalSeconds,
      };
    case 'for-time':
      return {
        mode: 'for-time',
        capSeconds: t.capSeconds,
        parts: t.parts,
        tapReps: t.tapReps,
        cueEverySeconds: t.cueEverySeconds,
      };
  }
}

/** The run's seconds after "Go!": the countdown or program, the longest hold, or the cap. */
function runSeconds(plan: RunPlan): number {
  switch (plan.mode) {
    case 'countdown':
    case 'rounds':
      return plan.seconds;
    case 'stopwatch':
      return plan.maxSeconds;
    case 'for-time':
      return plan.capSeconds;
  }
}

/** Whether the clock counts up from "Go!" (a stopwatch, a run for time) rather than down. */
const countsUp = (plan: RunPlan) => plan.mode === 'stopwatch' || plan.mode === 'for-time';

/** The run's length after "Go!": the countdown, the longest hold a stopwatch can reach, or the cap. */
export const runMs = (plan: RunPlan) => runSeconds(plan) * 1000;
/** Ready steps and run together: a stored run older than this is over. */
export const totalMs = (plan: RunPlan) => READY_MS + runMs(plan);

export type TimerView =
  | { phase: 'ready'; step: number }
  | { phase: 'running'; remainingMs: number; secondsLeft: number }
  | { phase: 'holding'; elapsedMs: number; secondsHeld: number }
  /** A run for time: the clock counts up to the cap. */
  | { phase: 'racing'; elapsedMs: number; secondsElapsed: number; remainingMs: number }
  | { phase: 'complete' };

export type TimerEvent =
  | { type: 'ready'; step: number; at: number }
  | { type: 'go'; at: number }
  /**
   * `seconds`: left on a countdown (a final count when `count`), held on a stopwatch (`held`),
   * gone in a run for time (`elapsed`), or left to the cap (`toCap`).
   */
  | {
      type: 'cue';
      seconds: number;
      at: number;
      held?: true;
      count?: true;
      elapsed?: true;
      toCap?: true;
    }
  | { type: 'end'; at: number };

/** The deadline of the run for a Start tap at `t0` (for a stopwatch: its longest hold). */
export const endAt = (plan: RunPlan, t0: number) => t0 + totalMs(plan);
const goAt = (t0: number) => t0 + READY_MS;

export function viewAt(plan: RunPlan, t0: number, now: number): TimerView {
  const elapsed = now - t0;
  if (elapsed < READY_MS) {
    return { phase: 'ready', step: READY_STEPS - Math.floor(Math.max(0, elapsed) / READY_STEP_MS) };
  }
  const remainingMs = endAt(plan, t0) - now;
  if (remainingMs <= 0) return { phase: 'complete' };
  if (plan.mode === 'stopwatch') {
    const elapsedMs = now - goAt(t0);
    return { phase: 'holding', elapsedMs, secondsHeld: Math.floor(elapsedMs / 1000) };
  }
  if (plan.mode === 'for-time') {
    const elapsedMs = now - goAt(t0);
    return {
      phase: 'racing',
      elapsedMs,
      secondsElapsed: Math.floor(elapsedMs / 1000),
      remainingMs,
    };
  }
  return { phase: 'running', remainingMs, secondsLeft: Math.ceil(remainingMs / 1000) };
}

/** Whole seconds held (or gone in a run for time) at `now` (0 before "Go!"), capped at the run's length. */
export function secondsHeldAt(plan: RunPlan, t0: number, now: number): number {
  const ms = Math.min(Math.max(0, now - goAt(t0)), runMs(plan));
  return Math.floor(ms / 1000);
}

/** The events that do not repeat: the ready steps, go, the countdown's cues, the end. */
function fixedEvents(plan: RunPlan, t0: number): TimerEvent[] {
  const events: TimerEvent[] = [];
  for (let i = 0; i < READY_STEPS; i++)
    events.push({ type: 'ready', step: READY_STEPS - i, at: t0 + i * READY_STEP_MS });
  events.push({ type: 'go', at: goAt(t0) });
  if (plan.mode === 'countdown')
    for (const seconds of plan.cues)
      events.push({ type: 'cue', seconds, at: endAt(plan, t0) - seconds * 1000 });
  if (plan.mode === 'rounds') events.push(...roundsCues(plan, t0));
  if (plan.mode === 'for-time') events.push(...forTimeCues(plan, t0));
  events.push({ type: 'end', at: endAt(plan, t0) });
  return events;
}

/** Each `cueEverySeconds` left ("10 minutes left"), then each of the last `finalSeconds` (10, 9, ... 1). */
function roundsCues(plan: Extract<RunPlan, { mode: 'rounds' }>, t0: number): TimerEvent[] {
  const end = endAt(plan, t0);
  const cues: TimerEvent[] = [];
  for (
    let left = plan.seconds - plan.cueEverySeconds;
    left > plan.finalSeconds;
    left -= plan.cueEverySeconds
  )
    cues.push({ type: 'cue', seconds: left, at: end - left * 1000 });
  for (let left = Math.min(plan.finalSeconds, plan.seconds - 1); left >= 1; left--)
    cues.push({
      type: 'cue',
      seconds: left,
      at: end - left * 1000,
      ...(left < plan.finalSeconds ? { count: true as const } : {}),
    });
  return cues;
}

/** Each `cueEverySeconds` gone ("5 minutes gone"), and a minute before the cap. */
function forTimeCues(plan: Extract<RunPlan, { mode: 'for-time' }>, t0: number): TimerEvent[] {
  const go = goAt(t0);
  const cues: TimerEvent[] = [];
  const lastMinute = plan.capSeconds - 60;
  for (let gone = plan.cueEverySeconds; gone < plan.capSeconds; gone += plan.cueEverySeconds)
    if (gone !== lastMinute)
      cues.push({ type: 'cue', seconds: gone, at: go + gone * 1000, elapsed: true });
  if (lastMinute > 0)
    cues.push({ type: 'cue', seconds: 60, at: go + lastMinute * 1000, toCap: true });
  return cues;
}

/** A stopwatch's cues (every `cueEverySeconds` held) in (from, to]. */
function holdCuesBetween(
  plan: Extract<RunPlan, { mode: 'stopwatch' }>,
  t0: number,
  from: number,
  to: number,
) {
  const every = plan.cueEverySeconds * 1000;
  const go = goAt(t0);
  const cues: TimerEvent[] = [];
  const first = Math.max(1, Math.floor((from - go) / every) + 1);
  for (let k = first; ; k++) {
    const at = go + k * every;
    if (at > to || k * plan.cueEverySeconds >= plan.maxSeconds) break;
    cues.push({ type: 'cue', seconds: k * plan.cueEverySeconds, at, held: true });
  }
  return cues;
}

/** The events in (from, to], in time order; the very first tick passes from = t0 - 1 so the first ready step fires. */
export function eventsBetween(plan: RunPlan, t0: number, from: number, to: number): TimerEvent[] {
  const fixed = fixedEvents(plan, t0).filter((e) => e.at > from && e.at <= to);
  const repeating = plan.mode === 'stopwatch' ? holdCuesBetween(plan, t0, from, to) : [];
  return [...fixed, ...repeating].sort((a, b) => a.at - b.at);
}

/** Every event of a countdown run, in time order (a stopwatch's: up to its longest hold). */
export const schedule = (plan: RunPlan, t0: number) =>
  eventsBetween(plan, t0, -Infinity, endAt(plan, t0));

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
export function messageAt(plan: RunPlan, t0: number, now: number): string | null {
  const shown = eventsBetween(plan, t0, now - CUE_MESSAGE_MS, now)
    .filter((e) => e.type === 'cue' || e.type === 'go')
    .at(-1);
  return shown ? messageFor(shown) : null;
}

export function messageFor(e: TimerEvent): string {
  switch (e.type) {
    case 'ready':
      return String(e.step);
    case 'go':
      return t`Go!`;
    case 'cue': {
      const time = holdMessage(e.seconds);
      if (e.held) return time;
      if (e.elapsed) return t`${time} gone`;
      if (e.toCap) return t`${time} to the cap`;
      if (e.count) return String(e.seconds);
      return cueMessage(e.seconds);
    }
    case 'end':
      return t`Time's up!`;
  }
}

/** A cue as the voice says it: the screen's words, each sentence an exclamation. */
export function spokenFor(e: TimerEvent): string {
  if (e.type === 'cue' && !e.held && !e.elapsed && !e.toCap && !e.count) {
    if (e.seconds === 10) return t`10 seconds left! Push!`;
    if (e.seconds === 75) return t`75 seconds left! Keep going!`;
  }
  return messageFor(e);
}

export function cueMessage(seconds: number): string {
  if (seconds === 10) return t`10 seconds left. Push!`;
  if (seconds === 75) return t`75 seconds left. Keep going!`;
  if (seconds >= 60 && seconds % 60 === 0) {
    const minutes = seconds / 60;
    return plural(minutes, { one: '# minute left', other: '# minutes left' });
  }
  return plural(seconds, { one: '# second left', other: '# seconds left' });
}

/**
 * A time held in words, as the stopwatch speaks it: "30 seconds", "1 minute 30 seconds", "1 hour";
 * one message per shape, so each language joins its units its own way.
 */
export function holdMessage(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0 && m > 0 && s > 0)
    return t`${plural(h, { one: '# hour', other: '# hours' })} ${plural(m, { one: '# minute', other: '# minutes' })} ${plural(s, { one: '# second', other: '# seconds' })}`;
  if (h > 0 && m > 0)
    return t`${plural(h, { one: '# hour', other: '# hours' })} ${plural(m, { one: '# minute', other: '# minutes' })}`;
  if (h > 0 && s > 0)
    return t`${plural(h, { one: '# hour', other: '# hours' })} ${plural(s, { one: '# second', other: '# seconds' })}`;
  if (h > 0) return t`${plural(h, { one: '# hour', other: '# hours' })}`;
  if (m > 0 && s > 0)
    return t`${plural(m, { one: '# minute', other: '# minutes' })} ${plural(s, { one: '# second', other: '# seconds' })}`;
  if (m > 0) return t`${plural(m, { one: '# minute', other: '# minutes' })}`;
  return t`${plural(s, { one: '# second', other: '# seconds' })}`;
}

// Far enough ahead to see the next event of any kind (a countdown's or program's whole run is its horizon).
const lookahead = (plan: RunPlan) =>
  plan.mode === 'stopwatch' ? plan.cueEverySeconds * 1000 + READY_MS : runMs(plan) + READY_MS;

/**
 * When the screen next changes after `now`: the next event, the next whole second of the clock,
 * or the end of a shown message. Null once the run is complete.
 */
export function nextWakeAt(plan: RunPlan, t0: number, now: number): number | null {
  const end = endAt(plan, t0);
  if (now >= end) return null;
  const go = goAt(t0);
  const near = eventsBetween(plan, t0, now - CUE_MESSAGE_MS, now + lookahead(plan));
  const candidates = near
    .flatMap((e) => (e.type === 'cue' || e.type === 'go' ? [e.at, e.at + CUE_MESSAGE_MS] : [e.at]))
    .filter((at) => at > now);
  candidates.push(end);
  if (now >= go) {
    // The displayed second changes when the time run crosses a multiple of 1000 ms.
    const sinceBoundary = countsUp(plan) ? 1000 - ((now - go) % 1000) : (end - now) % 1000 || 1000;
    candidates.push(now + sinceBoundary);
  } else {
    candidates.push(
      ...fixedEvents(plan, t0)
        .map((e) => e.at)
        .filter((at) => at > now),
    );
  }
  return Math.min(...candidates);
}

/** The ring: the fraction of a countdown (or of the time to the cap) left, or a stopwatch's sweep through the current minute. */
export function fractionLeft(plan: RunPlan, view: TimerView): number {
  if (view.phase === 'ready') return 1;
  if (view.phase === 'complete') return 0;
  if (view.phase === 'holding') return (view.elapsedMs % 60_000) / 60_000;
  return view.remainingMs / runMs(plan);
}

/** Reps in one round of a rounds program (5 push-ups + 10 air squats: 15). */
export const repsPerRound = (plan: Extract<RunPlan, { mode: 'rounds' }>) =>
  plan.round.reduce((sum, m) => sum + m.reps, 0);

/** The clock face: m:ss, or h:mm:ss from an hour (a long plank). */
export const formatClock = formatHold;
