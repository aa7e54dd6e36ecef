import { describe, expect, it } from 'vitest';
import { workoutTimeError } from '@common/schemas/workouts';
import { customTimeRange } from './custom-time';

const now = new Date('2026-11-25T17:24:30.500Z');

describe('customTimeRange', () => {
  it('offers 7 days back to now, to the minute, for a member who joined long ago', () => {
    const r = customTimeRange(now, new Date('2025-01-01T00:00:00Z'));
    expect(r).toEqual({
      min: new Date('2026-11-18T17:25:00Z'),
      max: new Date('2026-11-25T17:24:00Z'),
      fromJoin: false,
    });
    // Both ends pass the save rule at that moment.
    expect(workoutTimeError(r.min, now.getTime())).toBeNull();
    expect(workoutTimeError(r.max, now.getTime())).toBeNull();
  });

  it('starts at the first whole minute after joining for a newer member', () => {
    const joined = new Date('2026-11-23T09:15:12.345Z');
    const r = customTimeRange(now, joined);
    expect(r.min).toEqual(new Date('2026-11-23T09:16:00Z'));
    expect(r.fromJoin).toBe(true);
    expect(workoutTimeError(r.min, now.getTime(), joined)).toBeNull();
    // The minute before is what the server refused with a 400.
    expect(workoutTimeError(new Date('2026-11-23T09:15:00Z'), now.getTime(), joined)).toBe(
      'The workout time cannot be before you joined FitBench',
    );
  });

  it('offers the next minute to a member who joined this minute, which the save rule takes', () => {
    const joined = new Date('2026-11-25T17:24:10Z');
    const r = customTimeRange(now, joined);
    expect(r.min).toEqual(new Date('2026-11-25T17:25:00Z'));
    expect(r.max).toEqual(r.min);
    expect(workoutTimeError(r.min, now.getTime(), joined)).toBeNull();
  });

  it('ignores a join time it cannot read', () => {
    expect(customTimeRange(now, new Date('nope')).fromJoin).toBe(false);
    expect(customTimeRange(now, null).fromJoin).toBe(false);
  });
});
