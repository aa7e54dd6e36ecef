import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@common/challenges';
import {
  READY_MS,
  endAt,
  eventsBetween,
  eventsToPlay,
  formatClock,
  fractionLeft,
  holdMessage,
  messageAt,
  messageFor,
  nextWakeAt,
  planOf,
  runMs,
  schedule,
  secondsHeldAt,
  viewAt,
} from './timeline';

const t0 = 10_000;
const entry = (id: string) => {
  const c = CATALOGUE.find((e) => e.id === id)!;
  return planOf({ timer: c.timer!, scoring: c.scoring! });
};
// The push-up challenge's countdown, as the catalogue gives it.
const P = entry('pushup-90');
const RUN_MS = runMs(P);

describe('viewAt', () => {
  it('counts 3, 2, 1 in 0.8 s steps', () => {
    expect(viewAt(P, t0, t0)).toEqual({ phase: 'ready', step: 3 });
    expect(viewAt(P, t0, t0 + 799)).toEqual({ phase: 'ready', step: 3 });
    expect(viewAt(P, t0, t0 + 800)).toEqual({ phase: 'ready', step: 2 });
    expect(viewAt(P, t0, t0 + 1600)).toEqual({ phase: 'ready', step: 1 });
    expect(viewAt(P, t0, t0 + 2399)).toEqual({ phase: 'ready', step: 1 });
  });

  it('runs 90 s after the ready countdown and completes exactly at the deadline', () => {
    expect(viewAt(P, t0, t0 + READY_MS)).toEqual({
      phase: 'running',
      remainingMs: RUN_MS,
      secondsLeft: 90,
    });
    expect(viewAt(P, t0, t0 + READY_MS + 1)).toMatchObject({ secondsLeft: 90 });
    expect(viewAt(P, t0, t0 + READY_MS + 1000)).toMatchObject({ secondsLeft: 89 });
    expect(viewAt(P, t0, endAt(P, t0) - 1)).toMatchObject({ phase: 'running', secondsLeft: 1 });
    expect(viewAt(P, t0, endAt(P, t0))).toEqual({ phase: 'complete' });
  });

  it('is right after a long gap (a hidden tab): no drift from counting ticks', () => {
    expect(viewAt(P, t0, t0 + READY_MS + 45_500)).toMatchObject({ phase: 'running', secondsLeft: 45 });
    expect(viewAt(P, t0, t0 + 10 * 60_000)).toEqual({ phase: 'complete' });
  });
});

describe('schedule and events', () => {
  it('has 3 ready beeps, go, cues at 75, 60, 30, 20, 10 s left and the end, in order', () => {
    const s = schedule(P, t0);
    expect(
      s.map((e) =>
        e.type === 'cue' ? `cue${e.seconds}` : e.type === 'ready' ? `ready${e.step}` : e.type,
      ),
    ).toEqual([
      'ready3',
      'ready2',
      'ready1',
      'go',
      'cue75',
      'cue60',
      'cue30',
      'cue20',
      'cue10',
      'end',
    ]);
    expect(s.find((e) => e.type === 'cue' && e.seconds === 75)?.at).toBe(t0 + READY_MS + 15_000);
    expect(s.at(-1)?.at).toBe(t0 + READY_MS + RUN_MS);
  });

  it('returns the events of a half-open interval', () => {
    expect(eventsBetween(P, t0, t0 - 1, t0)).toEqual([{ type: 'ready', step: 3, at: t0 }]);
    expect(eventsBetween(P, t0, t0, t0 + 800)).toEqual([{ type: 'ready', step: 2, at: t0 + 800 }]);
    expect(eventsBetween(P, t0, t0 + 800, t0 + 1000)).toEqual([]);
  });

  it('after a gap plays only the latest announcement, and the end wins over all', () => {
    const missed = eventsBetween(P, t0, t0 + READY_MS + 1000, t0 + READY_MS + 65_000);
    expect(missed.map((e) => e.type)).toEqual(['cue', 'cue', 'cue']);
    expect(eventsToPlay(missed)).toEqual([expect.objectContaining({ type: 'cue', seconds: 30 })]);
    const toEnd = eventsBetween(P, t0, t0, endAt(P, t0) + 5000);
    expect(eventsToPlay(toEnd)).toEqual([{ type: 'end', at: endAt(P, t0) }]);
    expect(eventsToPlay([])).toEqual([]);
  });
});

describe('messageAt', () => {
  it('shows each cue message for 2.5 s', () => {
    const cue60 = endAt(P, t0) - 60_000;
    expect(messageAt(P, t0, cue60 - 1)).toBeNull();
    expect(messageAt(P, t0, cue60)).toBe('1 minute left');
    expect(messageAt(P, t0, cue60 + 2499)).toBe('1 minute left');
    expect(messageAt(P, t0, cue60 + 2500)).toBeNull();
    expect(messageAt(P, t0, endAt(P, t0) - 20_000)).toBe('20 seconds left');
    expect(messageAt(P, t0, t0 + READY_MS)).toBe('Go!');
  });
});

describe('nextWakeAt', () => {
  it('wakes at each ready step, at whole seconds, at cue marks and message ends, and exactly at the deadline', () => {
    expect(nextWakeAt(P, t0, t0)).toBe(t0 + 800);
    expect(nextWakeAt(P, t0, t0 + 1700)).toBe(t0 + READY_MS);
    expect(nextWakeAt(P, t0, t0 + READY_MS)).toBe(t0 + READY_MS + 1000);
    expect(nextWakeAt(P, t0, t0 + READY_MS + 250)).toBe(t0 + READY_MS + 1000);
    expect(nextWakeAt(P, t0, endAt(P, t0) - 3)).toBe(endAt(P, t0));
    expect(nextWakeAt(P, t0, endAt(P, t0))).toBeNull();
  });

  it('never schedules a wake later than the deadline', () => {
    for (let now = t0; now < endAt(P, t0); now += 137) {
      const at = nextWakeAt(P, t0, now)!;
      expect(at).toBeGreaterThan(now);
      expect(at).toBeLessThanOrEqual(endAt(P, t0));
    }
  });
});

describe('display helpers', () => {
  it('gives the ring fraction and a clock face', () => {
    expect(fractionLeft(P, { phase: 'ready', step: 2 })).toBe(1);
    expect(fractionLeft(P, { phase: 'running', remainingMs: 45_000, secondsLeft: 45 })).toBe(0.5);
    expect(fractionLeft(P, { phase: 'complete' })).toBe(0);
    expect(formatClock(90)).toBe('1:30');
    expect(formatClock(5)).toBe('0:05');
  });
});

describe('burpees: a 2:00 countdown from the catalogue', () => {
  const B = entry('burpees-or-bust');
  it('runs 120 s with cues at 90, 60, 30, 20 and 10 s left and the end', () => {
    expect(viewAt(B, t0, t0 + READY_MS)).toEqual({ phase: 'running', remainingMs: 120_000, secondsLeft: 120 });
    const cues = schedule(B, t0).filter((e) => e.type === 'cue');
    expect(cues.map((e) => (e.type === 'cue' ? e.seconds : 0))).toEqual([90, 60, 30, 20, 10]);
    expect(cues[0]!.at).toBe(t0 + READY_MS + 30_000);
    expect(schedule(B, t0).at(-1)).toEqual({ type: 'end', at: t0 + READY_MS + 120_000 });
    expect(messageAt(B, t0, t0 + READY_MS + 30_000)).toBe('90 seconds left');
    expect(formatClock(120)).toBe('2:00');
  });
});

describe('the plank: a stopwatch', () => {
  const S = entry('plank-drop');
  const go = t0 + READY_MS;

  it('has the same ready countdown, then counts up in whole seconds', () => {
    expect(S).toEqual({ mode: 'stopwatch', cueEverySeconds: 30, maxSeconds: 36_000 });
    expect(viewAt(S, t0, t0 + 800)).toEqual({ phase: 'ready', step: 2 });
    expect(viewAt(S, t0, go)).toEqual({ phase: 'holding', elapsedMs: 0, secondsHeld: 0 });
    expect(viewAt(S, t0, go + 999)).toMatchObject({ secondsHeld: 0 });
    expect(viewAt(S, t0, go + 65_400)).toMatchObject({ phase: 'holding', secondsHeld: 65 });
    expect(secondsHeldAt(S, t0, go + 65_400)).toBe(65);
    expect(secondsHeldAt(S, t0, t0)).toBe(0);
  });

  it('stops by itself at the longest hold the challenge scores (10 hours)', () => {
    expect(endAt(S, t0)).toBe(go + 36_000_000);
    expect(viewAt(S, t0, endAt(S, t0) - 1)).toMatchObject({ phase: 'holding', secondsHeld: 35_999 });
    expect(viewAt(S, t0, endAt(S, t0))).toEqual({ phase: 'complete' });
    expect(secondsHeldAt(S, t0, endAt(S, t0) + 60_000)).toBe(36_000);
  });

  it('cues every 30 s held, in words', () => {
    const cues = eventsBetween(S, t0, t0 - 1, go + 125_000).filter((e) => e.type === 'cue');
    expect(cues.map((e) => e.at - go)).toEqual([30_000, 60_000, 90_000, 120_000]);
    expect(cues.map(messageFor)).toEqual(['30 seconds', '1 minute', '1 minute 30 seconds', '2 minutes']);
    expect(holdMessage(3600)).toBe('1 hour');
    expect(holdMessage(3630)).toBe('1 hour 30 seconds');
    expect(holdMessage(3661)).toBe('1 hour 1 minute 1 second');
    // The half-open interval: a cue is due once.
    expect(eventsBetween(S, t0, go + 29_999, go + 30_000)).toHaveLength(1);
    expect(eventsBetween(S, t0, go + 30_000, go + 30_001)).toHaveLength(0);
    // Never a cue at or past the longest hold; the end is there instead.
    const last = eventsBetween(S, t0, endAt(S, t0) - 31_000, endAt(S, t0));
    expect(last.map((e) => e.type)).toEqual(['cue', 'end']);
  });

  it('after a gap plays only the latest cue', () => {
    const missed = eventsBetween(S, t0, go + 1000, go + 100_000);
    expect(eventsToPlay(missed)).toEqual([expect.objectContaining({ type: 'cue', seconds: 90, held: true })]);
  });

  it('shows each cue for 2.5 s, and "Go!" at the start', () => {
    expect(messageAt(S, t0, go)).toBe('Go!');
    expect(messageAt(S, t0, go + 2500)).toBeNull();
    expect(messageAt(S, t0, go + 60_000)).toBe('1 minute');
    expect(messageAt(S, t0, go + 62_499)).toBe('1 minute');
    expect(messageAt(S, t0, go + 62_500)).toBeNull();
  });

  it('wakes at ready steps, each whole second held, cues and message ends; never later than a second', () => {
    expect(nextWakeAt(S, t0, t0)).toBe(t0 + 800);
    expect(nextWakeAt(S, t0, go)).toBe(go + 1000);
    expect(nextWakeAt(S, t0, go + 2400)).toBe(go + 2500);
    expect(nextWakeAt(S, t0, go + 29_999)).toBe(go + 30_000);
    for (let now = go; now < go + 200_000; now += 371) {
      const at = nextWakeAt(S, t0, now)!;
      expect(at).toBeGreaterThan(now);
      expect(at - now).toBeLessThanOrEqual(1000);
    }
    expect(nextWakeAt(S, t0, endAt(S, t0))).toBeNull();
  });

  it('the ring sweeps once a minute; the clock goes to h:mm:ss past an hour', () => {
    const view = (ms: number) => viewAt(S, t0, go + ms);
    expect(fractionLeft(S, view(30_000))).toBe(0.5);
    expect(fractionLeft(S, view(90_000))).toBe(0.5);
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
  });
});
