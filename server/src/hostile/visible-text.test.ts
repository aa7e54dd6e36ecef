import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createUser } from '../test/factories';

// Names and notes refuse direction controls, invisible characters, noncharacters and piles of
// combining marks, and count length in code points (common/schemas/text.ts, visibleText), on
// PGlite and PostgreSQL: 400 with the field's sentence, nothing stored.
const t = useTestApp();

const ATTACKS: [string, string, RegExp][] = [
  ['right-to-left override', 'Ann\u202eeeL', /change the text direction/],
  ['isolate', '\u2067Ann\u2069', /change the text direction/],
  ['zero-width space', 'Ad\u200bmin', /invisible characters/],
  ['tag characters', 'Ann\u{e0069}\u{e0067}\u{e006e}', /invisible characters/],
  ['byte order mark', '\ufeffAnn', /invisible characters/],
  ['noncharacter', 'Ann\uffff', /not valid text/],
  ['79 stacked marks', `A${'\u0336'.repeat(79)}`, /more than 4 accents/],
  ['stacked variation selectors', `A${'\ufe01'.repeat(16)}`, /stacked variation selectors/],
];

describe('visible text in names and notes', () => {
  it('PATCH /api/profile refuses each kind in fullName; the name stays as it was', async () => {
    const u = await createUser(t.app);
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: u.headers,
      payload: { fullName: 'Ann Lee' },
    });
    expect(set.statusCode).toBe(200);
    for (const [name, value, expected] of ATTACKS) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: u.headers,
        payload: { fullName: value },
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors.fullName[0], name).toMatch(
        new RegExp(`^Full name .*${expected.source}`),
      );
    }
    const me = await t.app.inject({ url: '/api/user', headers: u.headers });
    expect(me.json().fullName).toBe('Ann Lee');
    const pub = await t.app.inject({ url: `/api/users/${u.username}` });
    expect(pub.json().user.fullName).toBe('Ann Lee');
  });

  it('POST /api/workouts refuses each kind in notes; nothing is saved', async () => {
    const u = await createUser(t.app);
    for (const [name, value, expected] of ATTACKS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/workouts',
        headers: u.headers,
        payload: { pushups: 10, notes: `set ${value}` },
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors.notes[0], name).toMatch(new RegExp(`^Notes .*${expected.source}`));
    }
    const list = await t.app.inject({ url: '/api/workouts', headers: u.headers });
    expect(list.json()).toEqual([]);
  });

  it('counts code points: 80 astral characters are a name, 81 are not; 500 in notes, 501 not', async () => {
    const u = await createUser(t.app);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: u.headers,
      payload: { fullName: '𝓐'.repeat(80) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().fullName).toBe('𝓐'.repeat(80));
    const long = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: u.headers,
      payload: { fullName: '𝓐'.repeat(81) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ fullName: ['Full name must be at most 80 characters'] });

    const notes = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: u.headers,
      payload: { pushups: 10, notes: '💪'.repeat(500) },
    });
    expect(notes.statusCode).toBe(201);
    expect(notes.json().notes).toBe('💪'.repeat(500));
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: u.headers,
      payload: { pushups: 10, notes: '💪'.repeat(501) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ notes: ['Notes must be at most 500 characters'] });
  });

  it('keeps what people write: emoji sequences, flags, joiners inside words, accents, line breaks in notes', async () => {
    const u = await createUser(t.app);
    const name =
      'Zoë 👩🏽‍🚀 🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f} می\u200cخواهم Nguyễn';
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: u.headers,
      payload: { fullName: name },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().fullName).toBe(name);
    const notes = 'first set ❤️‍🔥\n\tsecond set 1️⃣';
    const w = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: u.headers,
      payload: { pushups: 10, notes },
    });
    expect(w.statusCode).toBe(201);
    expect(w.json().notes).toBe(notes);
  });
});
