import { describe, expect, it } from 'vitest';
import {
  READY_MS,
  RUN_MS,
  endAt,
  eventsBetween,
  eventsToPlay,
  formatClock,
  fractionLeft,
  messageAt,
  nextWakeAt,
  schedule,
  viewAt,
} from './timeline';

const t0 = 10_000;

describe('viewAt', () => {
  it('counts 3, 2, 1 in 0.8 s steps', () => {
    expect(viewAt(t0, t0)).toEqual({ phase: 'ready', step: 3 });
    expect(viewAt(t0, t0 + 799)).toEqual({ phase: 'ready', step: 3 });
    expect(viewAt(t0, t0 + 800)).toEqual({ phase: 'ready', step: 2 });
    expect(viewAt(t0, t0 + 1600)).toEqual({ phase: 'ready', step: 1 });
    expect(viewAt(t0, t0 + 2399)).toEqual({ phase: 'ready', step: 1 });
  });

  it('runs 90 s after the ready countdown and completes exactly at the deadline', () => {
    expect(viewAt(t0, t0 + READY_MS)).toEqual({
      phase: 'running',
      remainingMs: RUN_MS,
      secondsLeft: 90,
    });
    expect(viewAt(t0, t0 + READY_MS + 1)).toMatchObject({ secondsLeft: 90 });
    expect(viewAt(t0, t0 + READY_MS + 1000)).toMatchObject({ secondsLeft: 89 });
    expect(viewAt(t0, endAt(t0) - 1)).toMatchObject({ phase: 'running', secondsLeft: 1 });
    expect(viewAt(t0, endAt(t0))).toEqual({ phase: 'complete' });
  });

  it('is right after a long gap (a hidden tab): no drift from counting ticks', () => {
    expect(viewAt(t0, t0 + READY_MS + 45_500)).toMatchObject({ phase: 'running', secondsLeft: 45 });
    expect(viewAt(t0, t0 + 10 * 60_000)).toEqual({ phase: 'complete' });
  });
});

describe('schedule and events', () => {
  it('has 3 ready beeps, go, cues at 75, 60, 30, 20, 10 s left and the end, in order', () => {
    const s = schedule(t0);
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
    expect(eventsBetween(t0, t0 - 1, t0)).toEqual([{ type: 'ready', step: 3, at: t0 }]);
    expect(eventsBetween(t0, t0, t0 + 800)).toEqual([{ type: 'ready', step: 2, at: t0 + 800 }]);
    expect(eventsBetween(t0, t0 + 800, t0 + 1000)).toEqual([]);
  });

  it('after a gap plays only the latest announcement, and the end wins over all', () => {
    const missed = eventsBetween(t0, t0 + READY_MS + 1000, t0 + READY_MS + 65_000);
    expect(missed.map((e) => e.type)).toEqual(['cue', 'cue', 'cue']);
    expect(eventsToPlay(missed)).toEqual([expect.objectContaining({ type: 'cue', seconds: 30 })]);
    const toEnd = eventsBetween(t0, t0, endAt(t0) + 5000);
    expect(eventsToPlay(toEnd)).toEqual([{ type: 'end', at: endAt(t0) }]);
    expect(eventsToPlay([])).toEqual([]);
  });
});

describe('messageAt', () => {
  it('shows each cue message for 2.5 s', () => {
    const cue60 = endAt(t0) - 60_000;
    expect(messageAt(t0, cue60 - 1)).toBeNull();
    expect(messageAt(t0, cue60)).toBe('1 minute left');
    expect(messageAt(t0, cue60 + 2499)).toBe('1 minute left');
    expect(messageAt(t0, cue60 + 2500)).toBeNull();
    expect(messageAt(t0, endAt(t0) - 20_000)).toBe('20 seconds left');
    expect(messageAt(t0, t0 + READY_MS)).toBe('Go!');
  });
});

describe('nextWakeAt', () => {
  it('wakes at each ready step, at whole seconds, at cue marks and message ends, and exactly at the deadline', () => {
    expect(nextWakeAt(t0, t0)).toBe(t0 + 800);
    expect(nextWakeAt(t0, t0 + 1700)).toBe(t0 + READY_MS);
    expect(nextWakeAt(t0, t0 + READY_MS)).toBe(t0 + READY_MS + 1000);
    expect(nextWakeAt(t0, t0 + READY_MS + 250)).toBe(t0 + READY_MS + 1000);
    expect(nextWakeAt(t0, endAt(t0) - 3)).toBe(endAt(t0));
    expect(nextWakeAt(t0, endAt(t0))).toBeNull();
  });

  it('never schedules a wake later than the deadline', () => {
    for (let now = t0; now < endAt(t0); now += 137) {
      const at = nextWakeAt(t0, now)!;
      expect(at).toBeGreaterThan(now);
      expect(at).toBeLessThanOrEqual(endAt(t0));
    }
  });
});

describe('display helpers', () => {
  it('gives the ring fraction and a clock face', () => {
    expect(fractionLeft({ phase: 'ready', step: 2 })).toBe(1);
    expect(fractionLeft({ phase: 'running', remainingMs: 45_000, secondsLeft: 45 })).toBe(0.5);
    expect(fractionLeft({ phase: 'complete' })).toBe(0);
    expect(formatClock(90)).toBe('1:30');
    expect(formatClock(5)).toBe('0:05');
  });
});
