import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@common/challenges';
import {
  READY_MS,
  cueMessage,
  endAt,
  eventsBetween,
  eventsToPlay,
  formatClock,
  fractionLeft,
  holdMessage,
  isProgram,
  messageAt,
  messageFor,
  nextWakeAt,
  planOf,
  repsPerRound,
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
    expect(viewAt(P, t0, t0 + READY_MS + 45_500)).toMatchObject({
      phase: 'running',
      secondsLeft: 45,
    });
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
    expect(viewAt(B, t0, t0 + READY_MS)).toEqual({
      phase: 'running',
      remainingMs: 120_000,
      secondsLeft: 120,
    });
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
    expect(viewAt(S, t0, endAt(S, t0) - 1)).toMatchObject({
      phase: 'holding',
      secondsHeld: 35_999,
    });
    expect(viewAt(S, t0, endAt(S, t0))).toEqual({ phase: 'complete' });
    expect(secondsHeldAt(S, t0, endAt(S, t0) + 60_000)).toBe(36_000);
  });

  it('cues every 30 s held, in words', () => {
    const cues = eventsBetween(S, t0, t0 - 1, go + 125_000).filter((e) => e.type === 'cue');
    expect(cues.map((e) => e.at - go)).toEqual([30_000, 60_000, 90_000, 120_000]);
    expect(cues.map(messageFor)).toEqual([
      '30 seconds',
      '1 minute',
      '1 minute 30 seconds',
      '2 minutes',
    ]);
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
    expect(eventsToPlay(missed)).toEqual([
      expect.objectContaining({ type: 'cue', seconds: 90, held: true }),
    ]);
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

describe('Nickels and Dimes: as many rounds as possible in 15:00', () => {
  const R = entry('nickels-dimes');
  const go = t0 + READY_MS;

  it('is planned from the catalogue: 15:00, a round of 15 reps', () => {
    expect(R).toMatchObject({
      mode: 'rounds',
      seconds: 900,
      cueEverySeconds: 60,
      finalSeconds: 10,
    });
    if (R.mode !== 'rounds') throw new Error('rounds');
    expect(repsPerRound(R)).toBe(15);
    expect(isProgram(R)).toBe(true);
    expect(isProgram(P)).toBe(false);
  });

  it('counts down from 15:00 after the ready steps and completes at the deadline', () => {
    expect(viewAt(R, t0, go)).toEqual({ phase: 'running', remainingMs: 900_000, secondsLeft: 900 });
    expect(viewAt(R, t0, go + 300_500)).toMatchObject({ phase: 'running', secondsLeft: 600 });
    expect(endAt(R, t0)).toBe(go + 900_000);
    expect(viewAt(R, t0, endAt(R, t0))).toEqual({ phase: 'complete' });
    expect(fractionLeft(R, viewAt(R, t0, go + 450_000))).toBe(0.5);
  });

  it('cues each minute left in words, then each of the last 10 seconds, then the end', () => {
    const cues = schedule(R, t0).filter((e) => e.type === 'cue');
    expect(cues.map((e) => (e.type === 'cue' ? e.seconds : 0))).toEqual([
      840, 780, 720, 660, 600, 540, 480, 420, 360, 300, 240, 180, 120, 60, 10, 9, 8, 7, 6, 5, 4, 3,
      2, 1,
    ]);
    expect(cues.map(messageFor).slice(0, 5)).toEqual([
      '14 minutes left',
      '13 minutes left',
      '12 minutes left',
      '11 minutes left',
      '10 minutes left',
    ]);
    expect(cues.map(messageFor).slice(-11)).toEqual([
      '1 minute left',
      '10 seconds left. Push!',
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
    ]);
    expect(cues[4]!.at).toBe(go + 300_000);
    expect(schedule(R, t0).at(-1)).toEqual({ type: 'end', at: go + 900_000 });
    expect(messageAt(R, t0, go + 300_000)).toBe('10 minutes left');
    expect(messageAt(R, t0, endAt(R, t0) - 3000)).toBe('3');
  });

  it('after a gap plays only the latest cue; the countdown of other challenges keeps its words', () => {
    const missed = eventsBetween(R, t0, go + 1000, go + 200_000);
    expect(eventsToPlay(missed)).toEqual([expect.objectContaining({ type: 'cue', seconds: 720 })]);
    // 120 s left on a countdown reads in minutes; the 90-second words stay as they were.
    expect(cueMessage(120)).toBe('2 minutes left');
    expect(cueMessage(90)).toBe('90 seconds left');
    expect(cueMessage(60)).toBe('1 minute left');
  });

  it('wakes at each whole second of the clock and at each cue, never later than the deadline', () => {
    expect(nextWakeAt(R, t0, go)).toBe(go + 1000);
    expect(nextWakeAt(R, t0, go + 59_400)).toBe(go + 60_000);
    for (let now = go; now < endAt(R, t0); now += 7_919) {
      const at = nextWakeAt(R, t0, now)!;
      expect(at).toBeGreaterThan(now);
      expect(at - now).toBeLessThanOrEqual(1000);
      expect(at).toBeLessThanOrEqual(endAt(R, t0));
    }
    expect(nextWakeAt(R, t0, endAt(R, t0))).toBeNull();
  });
});

describe('The MFM Challenge: for time, capped at 30:00', () => {
  const F = entry('mfm-challenge');
  const go = t0 + READY_MS;

  it('is planned from the catalogue: four movements, +10 taps, the cap', () => {
    expect(F).toMatchObject({
      mode: 'for-time',
      capSeconds: 1800,
      tapReps: 10,
      cueEverySeconds: 300,
    });
    if (F.mode !== 'for-time') throw new Error('for-time');
    expect(F.parts.map((m) => m.reps)).toEqual([40, 80, 120, 160]);
  });

  it('counts up from 0:00 to the cap, the ring showing the time to the cap', () => {
    expect(viewAt(F, t0, go)).toEqual({
      phase: 'racing',
      elapsedMs: 0,
      secondsElapsed: 0,
      remainingMs: 1_800_000,
    });
    expect(viewAt(F, t0, go + 1_122_700)).toMatchObject({ phase: 'racing', secondsElapsed: 1122 });
    expect(fractionLeft(F, viewAt(F, t0, go + 900_000))).toBe(0.5);
    expect(viewAt(F, t0, go + 1_800_000 - 1)).toMatchObject({ secondsElapsed: 1799 });
    expect(viewAt(F, t0, go + 1_800_000)).toEqual({ phase: 'complete' });
    expect(secondsHeldAt(F, t0, go + 1_122_700)).toBe(1122);
    expect(secondsHeldAt(F, t0, go + 5_000_000)).toBe(1800);
  });

  it('cues every 5 minutes gone and a minute before the cap; the cap ends the run', () => {
    const cues = schedule(F, t0).filter((e) => e.type === 'cue');
    expect(cues.map((e) => e.at - go)).toEqual([
      300_000, 600_000, 900_000, 1_200_000, 1_500_000, 1_740_000,
    ]);
    expect(cues.map(messageFor)).toEqual([
      '5 minutes gone',
      '10 minutes gone',
      '15 minutes gone',
      '20 minutes gone',
      '25 minutes gone',
      '1 minute to the cap',
    ]);
    expect(schedule(F, t0).at(-1)).toEqual({ type: 'end', at: go + 1_800_000 });
  });

  it('wakes at each whole second counted up and at cue marks', () => {
    expect(nextWakeAt(F, t0, t0)).toBe(t0 + 800);
    expect(nextWakeAt(F, t0, go + 250)).toBe(go + 1000);
    expect(nextWakeAt(F, t0, go + 299_999)).toBe(go + 300_000);
    for (let now = go; now < endAt(F, t0); now += 9_973) {
      const at = nextWakeAt(F, t0, now)!;
      expect(at - now).toBeLessThanOrEqual(1000);
      expect(at).toBeLessThanOrEqual(endAt(F, t0));
    }
    expect(nextWakeAt(F, t0, endAt(F, t0))).toBeNull();
  });
});
