import { describe, expect, it } from 'vitest';
import { betterThan, groupLabel, groupsOf, standingGender, tally, type CountRow } from './standing';

/** Count rows for members with these bests, summed for `value` as the server's read does. */
function rowsFor(
  members: { band: string; gender: string; best: number; verified?: number }[],
  value: number,
): CountRow[] {
  const rows = new Map<string, CountRow>();
  for (const m of members)
    for (const [verified, best] of [
      [false, m.best],
      [true, m.verified],
    ] as const) {
      if (best === undefined) continue;
      const key = `${m.band}|${m.gender}|${verified}`;
      const row = rows.get(key) ?? {
        band: m.band,
        gender: m.gender,
        verified,
        members: 0,
        below: 0,
      };
      row.members += 1;
      if (best < value) row.below += 1;
      rows.set(key, row);
    }
  return [...rows.values()];
}

describe('percentile arithmetic', () => {
  const women = Array.from({ length: 30 }, (_, i) => ({
    band: '30-39',
    gender: 'female',
    best: i + 1,
  }));
  const men = Array.from({ length: 10 }, (_, i) => ({
    band: '30-39',
    gender: 'male',
    best: 100 + i,
  }));

  it('is the share of the other members below, rounded down', () => {
    const rows = rowsFor([...women, ...men], 16);
    const t = tally(rows, { ageGroup: '30-39', gender: 'female' }, false, false);
    expect(t).toEqual({ members: 30, below: 15 });
    expect(betterThan(t, true)).toBe(51);
    // Widening to both genders: the men are above.
    expect(betterThan(tally(rows, { ageGroup: '30-39', gender: null }, false, false), true)).toBe(
      Math.floor(1500 / 39),
    );
  });

  it("leaves the member's own best out of those below a score they ask about", () => {
    const rows = rowsFor(women, 20);
    const t = tally(rows, { ageGroup: null, gender: 'female' }, false, true);
    expect(t.below).toBe(18);
    expect(betterThan(t, true)).toBe(62);
  });

  it('needs 30 members, the member included; the best is better than all others', () => {
    const rows = rowsFor(women.slice(0, 29), 29);
    expect(
      betterThan(tally(rows, { ageGroup: null, gender: null }, false, false), true),
    ).toBeNull();
    const full = rowsFor(women, 30);
    expect(betterThan(tally(full, { ageGroup: null, gender: null }, false, false), true)).toBe(100);
    expect(betterThan({ members: 30, below: 0 }, true)).toBe(0);
    expect(betterThan({ members: 1, below: 0 }, true, 1)).toBeNull();
  });

  it('counts verified bests apart', () => {
    const some = women.map((w, i) => ({ ...w, verified: i < 29 ? w.best : undefined }));
    const rows = rowsFor(some, 10);
    expect(tally(rows, { ageGroup: null, gender: null }, true, false).members).toBe(29);
    expect(tally(rows, { ageGroup: null, gender: null }, false, false).members).toBe(30);
  });

  it('names the groups, narrowest first', () => {
    expect(groupsOf('30-39', 'female').map(groupLabel)).toEqual([
      'women 30-39',
      'members 30-39',
      'women',
      'all members',
    ]);
    expect(groupsOf(null, 'male').map(groupLabel)).toEqual(['men', 'all members']);
    expect(groupsOf('60-plus', null).map(groupLabel)).toEqual(['members 60+', 'all members']);
    expect(groupLabel({ ageGroup: 'under-20', gender: 'female' })).toBe('women under 20');
    expect(standingGender('prefer-not-to-say')).toBeNull();
    expect(standingGender('female')).toBe('female');
  });
});
