import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearSavedSet,
  readSavedSet,
  resumeAt,
  savedSetKey,
  writeSavedSet,
  type SavedSet,
} from './saved-set';
import { totalMs, type RunPlan } from './timeline';

const P: RunPlan = { mode: 'countdown', seconds: 90, cues: [75, 60, 30, 20, 10] };
const HOLD: RunPlan = { mode: 'stopwatch', cueEverySeconds: 30, maxSeconds: 36_000 };
const TOTAL_MS = totalMs(P);
const run = {
  stage: 'run',
  challenge: 'pushup-90',
  startedAt: 1_000_000,
  taps: 7,
  camera: false,
  target: { beat: 30, from: 'alex' },
} satisfies SavedSet;

describe('resumeAt', () => {
  it('goes on with a run before its deadline, with its start and taps', () => {
    expect(resumeAt(run, run.startedAt + TOTAL_MS - 1, P)).toEqual({
      stage: 'run',
      startedAt: run.startedAt,
      taps: 7,
      camera: false,
    });
  });
  it('opens the count entry with the taps once the deadline has passed', () => {
    expect(resumeAt(run, run.startedAt + TOTAL_MS, P)).toEqual({
      stage: 'entry',
      taps: 7,
      camera: null,
    });
  });
  it('a start in the future (the clock moved back) counts as a start now: never a longer run', () => {
    expect(resumeAt(run, run.startedAt - 60_000, P)).toMatchObject({
      stage: 'run',
      startedAt: run.startedAt - 60_000,
    });
  });
  it('keeps a finished set as it is', () => {
    const entry: SavedSet = {
      stage: 'entry',
      challenge: 'pushup-90',
      taps: 3,
      camera: null,
      target: null,
    };
    expect(resumeAt(entry, Number.MAX_SAFE_INTEGER, P)).toEqual({
      stage: 'entry',
      taps: 3,
      camera: null,
    });
  });
});

describe('a hold', () => {
  const hold = { ...run, challenge: 'plank-drop', taps: 0, target: null } satisfies SavedSet;
  it('goes on counting through a reload, for as long as the longest hold', () => {
    expect(resumeAt(hold, hold.startedAt + 3_600_000, HOLD)).toEqual({
      stage: 'run',
      startedAt: hold.startedAt,
      taps: 0,
      camera: false,
    });
  });
  it('past the longest hold, opens the entry with that time', () => {
    expect(resumeAt(hold, hold.startedAt + totalMs(HOLD), HOLD)).toEqual({
      stage: 'entry',
      taps: 36_000,
      camera: null,
    });
  });
});

describe('stored sets', () => {
  // Node has no sessionStorage: a Map stands in for the browser's.
  beforeEach(() => {
    const data = new Map<string, string>();
    (
      globalThis as { sessionStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> }
    ).sessionStorage = {
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => void data.set(k, v),
      removeItem: (k) => void data.delete(k),
    };
  });
  afterEach(() => {
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  });

  it('keeps the pace samples with the set through a reload; none stored, none read', () => {
    const key = savedSetKey(6);
    writeSavedSet(key, {
      ...run,
      pace: [
        [1200, 1],
        [2500, 2],
      ],
    });
    expect(readSavedSet(key)).toMatchObject({
      taps: 7,
      pace: [
        [1200, 1],
        [2500, 2],
      ],
    });
    writeSavedSet(key, run);
    expect(readSavedSet(key)?.pace).toBeUndefined();
    sessionStorage.setItem(key, JSON.stringify({ ...run, pace: [[-1, 1]] }));
    expect(readSavedSet(key)).toBeNull();
  });

  it('round-trips and clears', () => {
    const key = savedSetKey(4);
    writeSavedSet(key, run);
    expect(readSavedSet(key)).toEqual(run);
    expect(readSavedSet(savedSetKey(5))).toBeNull();
    clearSavedSet(key);
    expect(readSavedSet(key)).toBeNull();
  });

  it('carries the challenge; a set stored before challenges were named is a push-up set', () => {
    const key = savedSetKey(4);
    writeSavedSet(key, { ...run, challenge: 'burpees-or-bust' });
    expect(readSavedSet(key)?.challenge).toBe('burpees-or-bust');
    const { challenge: _dropped, ...older } = run;
    sessionStorage.setItem(key, JSON.stringify(older));
    expect(readSavedSet(key)).toEqual(run);
  });

  it('ignores anything that is not a set: bad JSON, wrong shapes, negative or fractional taps', () => {
    const key = savedSetKey(4);
    for (const raw of [
      '{',
      'null',
      JSON.stringify({ ...run, stage: 'other' }),
      JSON.stringify({ ...run, taps: -1 }),
      JSON.stringify({ ...run, taps: 1.5 }),
      JSON.stringify({ ...run, startedAt: 'soon' }),
      JSON.stringify({
        stage: 'entry',
        taps: 2,
        camera: { count: 2, verification: { method: 'x', trace: {} } },
        target: null,
      }),
    ]) {
      sessionStorage.setItem(key, raw);
      expect(readSavedSet(key), raw).toBeNull();
    }
  });
});

describe('an interval program', () => {
  const ROUNDS: RunPlan = {
    mode: 'rounds',
    seconds: 900,
    round: [
      { name: 'push-ups', reps: 5 },
      { name: 'air squats', reps: 10 },
    ],
    cueEverySeconds: 60,
    finalSeconds: 10,
  };
  const FOR_TIME: RunPlan = {
    mode: 'for-time',
    capSeconds: 1800,
    parts: [
      { name: 'burpees', reps: 40 },
      { name: 'push-ups', reps: 80 },
    ],
    tapReps: 10,
    cueEverySeconds: 300,
  };
  const rounds = { ...run, challenge: 'nickels-dimes', taps: 4, target: null } satisfies SavedSet;
  const forTime = {
    ...run,
    challenge: 'mfm-challenge',
    taps: 57,
    part: 1,
    partReps: 17,
    target: null,
  } satisfies SavedSet;

  it('a rounds program goes on with its rounds, and past 15:00 opens the entry with those rounds in reps', () => {
    expect(resumeAt(rounds, rounds.startedAt + 60_000, ROUNDS)).toEqual({
      stage: 'run',
      startedAt: rounds.startedAt,
      taps: 4,
      camera: false,
    });
    expect(resumeAt(rounds, rounds.startedAt + totalMs(ROUNDS), ROUNDS)).toEqual({
      stage: 'entry',
      taps: 60,
      camera: null,
    });
  });

  it('a run for time goes on on its movement with its reps, and past the cap opens the entry with the reps done, capped', () => {
    expect(resumeAt(forTime, forTime.startedAt + 60_000, FOR_TIME)).toEqual({
      stage: 'run',
      startedAt: forTime.startedAt,
      taps: 57,
      camera: false,
      part: 1,
      partReps: 17,
    });
    expect(resumeAt(forTime, forTime.startedAt + totalMs(FOR_TIME), FOR_TIME)).toEqual({
      stage: 'entry',
      taps: 57,
      capped: true,
      camera: null,
    });
  });

  it('keeps a finish and a capped entry through storage', () => {
    const data = new Map<string, string>();
    (
      globalThis as { sessionStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> }
    ).sessionStorage = {
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => void data.set(k, v),
      removeItem: (k) => void data.delete(k),
    };
    const key = savedSetKey('program');
    writeSavedSet(key, {
      stage: 'entry',
      challenge: 'mfm-challenge',
      taps: 312,
      capped: true,
      camera: null,
      target: null,
    });
    const read = readSavedSet(key)!;
    expect(resumeAt(read, Date.now(), FOR_TIME)).toEqual({
      stage: 'entry',
      taps: 312,
      capped: true,
      camera: null,
    });
    writeSavedSet(key, forTime);
    expect(readSavedSet(key)).toEqual(forTime);
    writeSavedSet(key, { ...forTime, part: -1 });
    expect(readSavedSet(key)).toBeNull();
    clearSavedSet(key);
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  });
});
