import { describe, expect, it } from 'vitest';
import { parseHold } from './hold-time';

// A plank typed as "2:30" is 150 seconds (issue: it was saved as 230).
const PLANK = { min: 1, max: 36_000 };
const secondsOf = (text: string) => {
  const r = parseHold(text, PLANK);
  return r.ok ? r.seconds : r.problem;
};

describe('parseHold', () => {
  it('reads m:ss, h:mm:ss and plain seconds', () => {
    expect(secondsOf('2:30')).toBe(150);
    expect(secondsOf('0:45')).toBe(45);
    expect(secondsOf('150')).toBe(150);
    expect(secondsOf('230')).toBe(230);
    expect(secondsOf('1:02:30')).toBe(3750);
    expect(secondsOf('10:00:00')).toBe(36_000);
    expect(secondsOf('90:00')).toBe(5400);
    expect(secondsOf('  3:05 ')).toBe(185);
    expect(secondsOf('007')).toBe(7);
    expect(secondsOf('0:01')).toBe(1);
  });

  it('refuses text that is not a time, saying how to type one', () => {
    for (const bad of [
      'abc',
      '1:2:3:4',
      '2:',
      ':30',
      '2.5',
      '2,30',
      '2:3a',
      '1 30',
      '2::30',
      '1e3',
      '0x10',
      '١٥٠',
    ])
      expect(parseHold(bad, PLANK), bad).toMatchObject({
        ok: false,
        problem: 'format',
        message: expect.stringMatching(/m:ss/),
      });
    expect(parseHold('2:5', PLANK)).toMatchObject({
      ok: false,
      problem: 'format',
      message: expect.stringMatching(/two digits/),
    });
    expect(parseHold('1:2:30', PLANK)).toMatchObject({ ok: false, problem: 'format' });
  });

  it('refuses seconds or minutes past 59 after a colon', () => {
    expect(parseHold('2:75', PLANK)).toMatchObject({
      ok: false,
      problem: 'seconds',
      message: 'Seconds after a colon go up to 59: 2:75 is not a time',
    });
    expect(parseHold('1:60:00', PLANK)).toMatchObject({ ok: false, problem: 'minutes' });
    expect(parseHold('1:00:60', PLANK)).toMatchObject({ ok: false, problem: 'seconds' });
  });

  it('refuses an empty field and negatives', () => {
    expect(parseHold('', PLANK)).toMatchObject({ ok: false, problem: 'empty' });
    expect(parseHold('   ', PLANK)).toMatchObject({ ok: false, problem: 'empty' });
    expect(parseHold('-5', PLANK)).toMatchObject({ ok: false, problem: 'negative' });
    expect(parseHold('-2:30', PLANK)).toMatchObject({ ok: false, problem: 'negative' });
  });

  it("checks the challenge's range, in times", () => {
    expect(parseHold('0', PLANK)).toMatchObject({
      ok: false,
      problem: 'low',
      seconds: 0,
      message: 'The hold must be at least 0:01',
    });
    expect(parseHold('0:00', PLANK)).toMatchObject({ ok: false, problem: 'low' });
    expect(parseHold('10:00:01', PLANK)).toMatchObject({
      ok: false,
      problem: 'high',
      seconds: 36_001,
      message: 'The hold must be at most 10:00:00 (10:00:01 was typed)',
    });
    expect(parseHold('36001', PLANK)).toMatchObject({ ok: false, problem: 'high' });
    expect(parseHold('999999999', PLANK)).toMatchObject({ ok: false, problem: 'high' });
    expect(parseHold('9999999999', PLANK)).toMatchObject({ ok: false, problem: 'format' });
    // Without a range only the text is read.
    expect(parseHold('0')).toEqual({ ok: true, seconds: 0 });
  });
});
