import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSavedSet, readSavedSet, resumeAt, savedSetKey, writeSavedSet, type SavedSet } from './saved-set';
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
    expect(resumeAt(run, run.startedAt + TOTAL_MS - 1, P)).toEqual({ stage: 'run', startedAt: run.startedAt, taps: 7, camera: false });
  });
  it('opens the count entry with the taps once the deadline has passed', () => {
    expect(resumeAt(run, run.startedAt + TOTAL_MS, P)).toEqual({ stage: 'entry', taps: 7, camera: null });
  });
  it('a start in the future (the clock moved back) counts as a start now: never a longer run', () => {
    expect(resumeAt(run, run.startedAt - 60_000, P)).toMatchObject({ stage: 'run', startedAt: run.startedAt - 60_000 });
  });
  it('keeps a finished set as it is', () => {
    const entry: SavedSet = { stage: 'entry', challenge: 'pushup-90', taps: 3, camera: null, target: null };
    expect(resumeAt(entry, Number.MAX_SAFE_INTEGER, P)).toEqual({ stage: 'entry', taps: 3, camera: null });
  });
});

describe('a hold', () => {
  const hold = { ...run, challenge: 'plank-drop', taps: 0, target: null } satisfies SavedSet;
  it('goes on counting through a reload, for as long as the longest hold', () => {
    expect(resumeAt(hold, hold.startedAt + 3_600_000, HOLD)).toEqual({ stage: 'run', startedAt: hold.startedAt, taps: 0, camera: false });
  });
  it('past the longest hold, opens the entry with that time', () => {
    expect(resumeAt(hold, hold.startedAt + totalMs(HOLD), HOLD)).toEqual({ stage: 'entry', taps: 36_000, camera: null });
  });
});

describe('stored sets', () => {
  // Node has no sessionStorage: a Map stands in for the browser's.
  beforeEach(() => {
    const data = new Map<string, string>();
    (globalThis as { sessionStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> }).sessionStorage = {
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => void data.set(k, v),
      removeItem: (k) => void data.delete(k),
    };
  });
  afterEach(() => {
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
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
      JSON.stringify({ stage: 'entry', taps: 2, camera: { count: 2, verification: { method: 'x', trace: {} } }, target: null }),
    ]) {
      sessionStorage.setItem(key, raw);
      expect(readSavedSet(key), raw).toBeNull();
    }
  });
});
