import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@common/challenges';
import {
  addReps,
  clampState,
  milestoneBetween,
  movementText,
  movementTitle,
  nextPart,
  repsDone,
  repsLeft,
  START,
  totalReps,
} from './program';
import { planOf } from './timeline';

const mfm = CATALOGUE.find((e) => e.id === 'mfm-challenge')!;
const plan = planOf({ timer: mfm.timer!, scoring: mfm.scoring! });
if (plan.mode !== 'for-time') throw new Error('for-time');

describe('a run for time, movement by movement', () => {
  it('starts on the first movement with all its reps left', () => {
    expect(totalReps(plan)).toBe(400);
    expect(repsLeft(plan, START)).toBe(40);
    expect(repsDone(plan, START)).toBe(0);
  });

  it('+10 and +1 count down the movement; its last rep moves on to the next', () => {
    let step = addReps(plan, START, 10);
    expect(step).toEqual({ kind: 'same', state: { part: 0, partReps: 10 } });
    step = addReps(plan, step.state, 29);
    expect(repsLeft(plan, step.state)).toBe(1);
    step = addReps(plan, step.state, 10);
    expect(step).toEqual({ kind: 'next', state: { part: 1, partReps: 0 } });
    expect(repsDone(plan, step.state)).toBe(40);
    // -1 takes a rep back, never below none.
    expect(addReps(plan, { part: 1, partReps: 0 }, -1)).toEqual({
      kind: 'same',
      state: { part: 1, partReps: 0 },
    });
    expect(addReps(plan, { part: 1, partReps: 5 }, -1)).toEqual({
      kind: 'same',
      state: { part: 1, partReps: 4 },
    });
  });

  it('"Next" counts the movement as done; on the last movement it finishes, as its last rep does', () => {
    expect(nextPart(plan, { part: 1, partReps: 30 })).toEqual({
      kind: 'next',
      state: { part: 2, partReps: 0 },
    });
    expect(repsDone(plan, { part: 2, partReps: 0 })).toBe(120);
    expect(nextPart(plan, { part: 3, partReps: 12 })).toEqual({
      kind: 'finished',
      state: { part: 3, partReps: 160 },
    });
    expect(addReps(plan, { part: 3, partReps: 155 }, 10)).toEqual({
      kind: 'finished',
      state: { part: 3, partReps: 160 },
    });
    expect(repsDone(plan, { part: 3, partReps: 160 })).toBe(400);
  });

  it('says each hundred reps done, the halfway mark as such, and nothing else', () => {
    expect(milestoneBetween(plan, 90, 100)).toBe('100 reps done');
    expect(milestoneBetween(plan, 195, 205)).toBe('Halfway! 200 reps done');
    expect(milestoneBetween(plan, 100, 101)).toBeNull();
    expect(milestoneBetween(plan, 0, 9)).toBeNull();
    expect(milestoneBetween(plan, 390, 400)).toBeNull();
  });

  it('reads a stored state back within the plan', () => {
    expect(clampState(plan, { part: 9, partReps: 999 })).toEqual({ part: 3, partReps: 159 });
    expect(clampState(plan, { part: -1, partReps: -5 })).toEqual({ part: 0, partReps: 0 });
    expect(clampState(plan, {})).toEqual(START);
  });

  it('writes a movement for the screen', () => {
    expect(movementTitle(plan.parts[2]!)).toBe('Air squats');
    expect(movementText({ name: 'push-ups', reps: 5, note: 'knees allowed' })).toBe(
      '5 push-ups (knees allowed)',
    );
    expect(movementText(plan.parts[0]!)).toBe('40 burpees');
  });
});
