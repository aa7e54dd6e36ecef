import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from './auth';
import { leaderboardPeriodSchema, leaderboardQuerySchema } from './leaderboard';
import { updateProfileSchema, usernameParamSchema } from './profile';
import { plainText, textRuleError } from './text';
import { createWorkoutSchema, workoutPageQuerySchema } from './workouts';

const BAD = {
  nul: 'ab\u0000cd',
  bell: 'ab\u0007cd',
  escape: 'ab\u001b[31mcd',
  del: 'ab\u007fcd',
  c1: 'ab\u0085cd',
  lineBreak: 'ab\ncd',
  carriageReturn: 'ab\rcd',
  tab: 'ab\tcd',
  loneHigh: 'ab\ud83dcd',
  loneLow: 'ab\ude00cd',
  highAtEnd: 'abcd\ud83d',
};
const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('text rules', () => {
  it('refuses NUL, control characters and lone surrogates with a sentence naming the field', () => {
    for (const [name, value] of Object.entries(BAD)) {
      expect(textRuleError('Full name', value), name).toMatch(/^Full name (must not|contains)/);
    }
    expect(textRuleError('Notes', BAD.nul)).toBe('Notes must not contain a NUL character');
    expect(textRuleError('Notes', BAD.loneHigh)).toMatch(/invalid character/);
  });

  it('lets multi-line text keep line breaks and tabs, and nothing else', () => {
    for (const ok of [BAD.lineBreak, BAD.carriageReturn, BAD.tab, 'a\r\n\tb']) {
      expect(textRuleError('Notes', ok, { multiline: true })).toBeNull();
    }
    for (const bad of [BAD.nul, BAD.bell, BAD.escape, BAD.del, BAD.c1, BAD.loneLow]) {
      expect(textRuleError('Notes', bad, { multiline: true })).not.toBeNull();
    }
  });

  it('accepts ordinary text of every script, emoji included', () => {
    for (const ok of ['Zoë Łukasz', '山田 太郎', 'Ана', '💪🏽 felt strong', 'a‍b', '']) {
      expect(textRuleError('Notes', ok)).toBeNull();
    }
  });

  it('checks before trimming: a control character at an end is refused, not cut', () => {
    const s = plainText('Username').trim();
    expect(s.safeParse('bob\u0000').success).toBe(false);
    expect(s.safeParse(' bob\n').success).toBe(false);
    expect(s.parse('  bob ')).toBe('bob');
  });

  it('every text field of the shared schemas applies them, with its own field message', () => {
    const cases: [string, { safeParse: (v: unknown) => never }, (v: string) => unknown, RegExp][] = [
      ['login username', loginSchema as never, (v) => ({ username: `bob${v}`, password: 'x' }), /^username: Username/],
      ['login password', loginSchema as never, (v) => ({ username: 'bob', password: `pw${v}` }), /^password: Password/],
      ['register username', registerSchema as never, (v) => ({ username: `bob${v}`, email: 'b@x.io', password: 'secret-77' }), /^username: Username/],
      ['register email', registerSchema as never, (v) => ({ username: 'bob', email: `b${v}@x.io`, password: 'secret-77' }), /^email: Email/],
      ['register password', registerSchema as never, (v) => ({ username: 'bob', email: 'b@x.io', password: `secret-77${v}` }), /^password: Password/],
      ['notes', createWorkoutSchema as never, (v) => ({ pushups: 5, notes: `good${v}set` }), /^notes: Notes/],
      ['full name', updateProfileSchema as never, (v) => ({ fullName: `Ann${v}` }), /^fullName: Full name/],
      ['picture', updateProfileSchema as never, (v) => ({ profilePicture: `https://example.com/a${v}.png` }), /^profilePicture: The picture/],
      ['tz', leaderboardQuerySchema as never, (v) => ({ tz: `Europe/Paris${v}` }), /^tz: tz/],
      ['cursor', workoutPageQuerySchema as never, (v) => ({ cursor: `abc${v}` }), /^cursor: cursor/],
      ['username param', usernameParamSchema as never, (v) => `bob${v}`, /^: Username/],
      ['period param', leaderboardPeriodSchema as never, (v) => `week${v}`, /^: The period/],
    ];
    for (const [field, schema, make, expected] of cases) {
      for (const bad of [BAD.nul, BAD.escape, BAD.loneHigh]) {
        const got = messages(schema.safeParse(make(bad)));
        expect(got[0], `${field} with ${JSON.stringify(bad)}`).toMatch(expected);
        expect(got[0]).toMatch(/NUL|control|invalid character/);
      }
    }
    expect(createWorkoutSchema.parse({ pushups: 5, notes: 'line one\n\tline two' }).notes).toBe('line one\n\tline two');
  });
});
