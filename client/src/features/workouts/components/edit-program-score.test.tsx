import { describe, expect, it } from 'vitest';
import { editBody } from './edit-workout-form';
import type { ListedWorkout } from '../types';

// An edit of a run for time: changing how it ended sends its score and `capped` together.
const original = { time: '2026-11-29T10:00' };
const mfm = (over: Partial<ListedWorkout> & { capped?: true }): ListedWorkout => ({
  id: 9,
  userId: 1,
  challenge: 'mfm-challenge',
  score: 1122,
  createdAt: new Date().toISOString(),
  verified: false,
  tier: 'entered',
  notes: null,
  hidden: null,
  ...over,
});

describe('editBody of a run for time', () => {
  it('a finish made a capped set sends the reps and capped', () => {
    expect(editBody(mfm({}), original, { score: 312, capped: true, time: original.time })).toEqual({
      score: 312,
      capped: true,
    });
  });
  it('a capped set made a finish sends the time and capped: false, even with the same number', () => {
    expect(
      editBody(mfm({ score: 390, capped: true }), original, {
        score: 390,
        capped: false,
        time: original.time,
      }),
    ).toEqual({
      score: 390,
      capped: false,
    });
  });
  it('an unchanged end sends only what changed', () => {
    expect(
      editBody(mfm({ score: 312, capped: true }), original, {
        score: 315,
        capped: true,
        time: original.time,
      }),
    ).toEqual({ score: 315 });
    expect(
      editBody(mfm({}), original, {
        score: 1122,
        capped: false,
        time: original.time,
        notes: 'hard',
      }),
    ).toEqual({ notes: 'hard' });
  });
});
