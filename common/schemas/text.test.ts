import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from './auth';
import { leaderboardPeriodSchema, leaderboardQuerySchema } from './leaderboard';
import { updateProfileSchema, usernameParamSchema } from './profile';
import {
  codePointLength,
  MAX_MARKS_IN_A_ROW,
  plainText,
  textRuleError,
  visibleTextError,
} from './text';
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
const messages = (r: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => (r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`));

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
    const cases: [string, { safeParse: (v: unknown) => never }, (v: string) => unknown, RegExp][] =
      [
        [
          'login username',
          loginSchema as never,
          (v) => ({ username: `bob${v}`, password: 'x' }),
          /^username: Username/,
        ],
        [
          'login password',
          loginSchema as never,
          (v) => ({ username: 'bob', password: `pw${v}` }),
          /^password: Password/,
        ],
        [
          'register username',
          registerSchema as never,
          (v) => ({ username: `bob${v}`, email: 'b@x.io', password: 'secret-77' }),
          /^username: Username/,
        ],
        [
          'register email',
          registerSchema as never,
          (v) => ({ username: 'bob', email: `b${v}@x.io`, password: 'secret-77' }),
          /^email: Email/,
        ],
        [
          'register password',
          registerSchema as never,
          (v) => ({ username: 'bob', email: 'b@x.io', password: `secret-77${v}` }),
          /^password: Password/,
        ],
        [
          'notes',
          createWorkoutSchema as never,
          (v) => ({ pushups: 5, notes: `good${v}set` }),
          /^notes: Notes/,
        ],
        [
          'full name',
          updateProfileSchema as never,
          (v) => ({ fullName: `Ann${v}` }),
          /^fullName: Full name/,
        ],
        [
          'picture',
          updateProfileSchema as never,
          (v) => ({ profilePicture: `https://example.com/a${v}.png` }),
          /^profilePicture: The picture/,
        ],
        [
          'tz',
          leaderboardQuerySchema as never,
          (v) => ({ tz: `Europe/Paris${v}` }),
          /^tz: The time zone/,
        ],
        [
          'cursor',
          workoutPageQuerySchema as never,
          (v) => ({ cursor: `abc${v}` }),
          /^cursor: cursor/,
        ],
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
    expect(createWorkoutSchema.parse({ pushups: 5, notes: 'line one\n\tline two' }).notes).toBe(
      'line one\n\tline two',
    );
  });
});

// The characters of docs/decisions/0084-visible-text-rules.md, each between ordinary letters.
const HIDDEN: Record<string, [string, RegExp][]> = {
  direction: [
    '\u202e',
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200e',
    '\u200f',
    '\u061c',
  ].map((c) => [c, /must not contain characters that change the text direction$/]),
  invisible: [
    '\u200b',
    '\u2060',
    '\u2061',
    '\u2062',
    '\u2063',
    '\u2064',
    '\ufeff',
    '\u00ad',
    '\u180e',
    '\u034f',
    '\u3164',
    '\u115f',
    '\u2800',
    '\u2028',
    '\u2029',
    '\ufff9',
    '\u{e0001}',
    '\u{e0041}',
    '\u{e007f}',
    '\u200b\u200d',
    ' \u200d',
  ].map((c) => [c, /must not contain invisible characters/]),
  noncharacter: [
    '\ufdd0',
    '\ufdef',
    '\ufffe',
    '\uffff',
    '\u{1fffe}',
    '\u{10ffff}',
    '\u{effff}',
  ].map((c) => [c, /contains a character that is not valid text \(a Unicode noncharacter\)$/]),
};

describe('visible-text rules (full names and notes)', () => {
  it('refuses each kind of hidden character with its own sentence', () => {
    for (const [kind, cases] of Object.entries(HIDDEN)) {
      for (const [c, expected] of cases) {
        const where = `${kind} U+${c.codePointAt(0)!.toString(16)}`;
        for (const value of [`Ann${c}Lee`, `${c}Ann`, `Ann${c}`]) {
          expect(visibleTextError('Full name', value), where).toMatch(
            new RegExp(`^Full name ${expected.source}`),
          );
          expect(visibleTextError('Notes', value, { multiline: true }), where).toMatch(/^Notes /);
        }
      }
    }
  });

  it('refuses a zero-width joiner or non-joiner at an end, by a space or doubled; keeps it inside a word or an emoji', () => {
    for (const bad of [
      '\u200dAnn',
      'Ann\u200c',
      'Ann \u200cLee',
      'A\u200d\u200dnn',
      'A\u200c\u200dnn',
      '1\u200d2',
    ]) {
      expect(visibleTextError('Full name', bad), JSON.stringify(bad)).toMatch(/invisible/);
    }
    const good = [
      'a\u200db',
      'می\u200cخواهم', // Persian: the non-joiner inside a word
      'क्\u200dष', // Devanagari: a joiner after the virama
      '👨‍👩‍👧',
      '👩🏽‍🚀',
      '🏳️‍🌈',
      '❤️‍🔥',
      '👩‍❤️‍💋‍👨',
    ];
    for (const ok of good) expect(visibleTextError('Full name', ok), JSON.stringify(ok)).toBeNull();
  });

  it('keeps subdivision flags (tag characters in their one valid place) and single variation selectors', () => {
    for (const ok of [
      '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f} Scot',
      '❤️ 1️⃣ #️⃣',
      '葛\u{e0100}飾',
      '☺︎',
    ]) {
      expect(visibleTextError('Full name', ok), JSON.stringify(ok)).toBeNull();
    }
    // Tags outside a flag, a flag without its cancel tag, tags smuggling ASCII after a name.
    for (const bad of [
      '🏴\u{e0067}\u{e0062}',
      'Ann\u{e0068}\u{e0069}',
      '\u{e0067}\u{e0062}\u{e007f}',
    ]) {
      expect(visibleTextError('Full name', bad), JSON.stringify(bad)).toMatch(
        /invisible characters/,
      );
    }
    // Variation selectors carrying data: stacked, at the start, after a space.
    for (const bad of ['A\ufe0f\ufe0e', 'A' + '\u{e0101}'.repeat(20), '\ufe0fA', 'A \ufe0f']) {
      expect(visibleTextError('Full name', bad), JSON.stringify(bad)).toMatch(
        /stacked variation selectors/,
      );
    }
  });

  it(`allows ${MAX_MARKS_IN_A_ROW} combining marks in a row, not one more`, () => {
    const marks = '\u0301\u0308\u0323\u0330\u0345\u0352';
    expect(visibleTextError('Full name', `e${marks.slice(0, MAX_MARKS_IN_A_ROW)}`)).toBeNull();
    expect(visibleTextError('Full name', `e${marks.slice(0, MAX_MARKS_IN_A_ROW + 1)}`)).toBe(
      'Full name must not stack more than 4 accents or marks on one character',
    );
    expect(visibleTextError('Notes', `Z${'\u0336'.repeat(79)}algo`)).toMatch(/more than 4 accents/);
    for (const ok of ['Nguyễn Thị Ánh', 'שָׁלוֹם', 'ক্ষ্ম', 'Zoë', 'ḍḥṛ'])
      expect(visibleTextError('Full name', ok)).toBeNull();
  });

  it('counts length in code points: 80 astral characters fit a name, 81 do not; notes 500', () => {
    expect(codePointLength('💪'.repeat(41))).toBe(41);
    expect(updateProfileSchema.safeParse({ fullName: '💪'.repeat(41) }).success).toBe(true);
    expect(updateProfileSchema.safeParse({ fullName: '𝓐'.repeat(80) }).success).toBe(true);
    expect(messages(updateProfileSchema.safeParse({ fullName: '𝓐'.repeat(81) }))).toEqual([
      'fullName: Full name must be at most 80 characters',
    ]);
    expect(createWorkoutSchema.safeParse({ pushups: 5, notes: '🙂'.repeat(500) }).success).toBe(
      true,
    );
    expect(
      messages(createWorkoutSchema.safeParse({ pushups: 5, notes: '🙂'.repeat(501) })),
    ).toEqual(['notes: Notes must be at most 500 characters']);
    // Spaces around are trimmed before counting.
    expect(updateProfileSchema.parse({ fullName: `  ${'a'.repeat(80)}  ` }).fullName).toBe(
      'a'.repeat(80),
    );
  });

  it('full name and notes of the shared schemas give the sentence under their field; other fields are untouched', () => {
    for (const bad of ['\u202eevil', 'A\u200bB', 'x\uffff', `e${'\u0301'.repeat(5)}`]) {
      expect(messages(updateProfileSchema.safeParse({ fullName: bad }))[0]).toMatch(
        /^fullName: Full name must|^fullName: Full name contains/,
      );
      expect(messages(createWorkoutSchema.safeParse({ pushups: 5, notes: bad }))[0]).toMatch(
        /^notes: Notes (must|contains)/,
      );
    }
    // A password with a zero-width space still passes the shared login schema: refusing it there
    // would lock out whoever already chose it.
    expect(loginSchema.safeParse({ username: 'bob', password: 'pass\u200bword' }).success).toBe(
      true,
    );
    // Notes keep line breaks and tabs under the new rules too.
    expect(createWorkoutSchema.parse({ pushups: 5, notes: 'one\n\ttwo 💪🏽' }).notes).toBe(
      'one\n\ttwo 💪🏽',
    );
  });
});
