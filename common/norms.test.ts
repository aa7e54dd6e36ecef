import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './challenges';
import { NORM_IDS, NORMS, normBand, normBands, normRowFor } from './norms';

// Every figure shown is one written, with its source, in the decision record: each row of each
// table must appear there as a line of its table, and each source's address in its list.
const record = fs.readFileSync(
  new URL('../docs/decisions/0222-published-norms.md', import.meta.url),
  'utf8',
);

const rowLine = (id: string, r: (typeof NORMS)[keyof typeof NORMS]['rows'][number]) =>
  `| ${id} | ${r.gender ?? 'any'} | ${r.ageMin === null ? 'any' : `${r.ageMin}-${r.ageMax}`} | ${r.bands
    .map(([name, least]) => `${name} ${least}`)
    .join('; ')} |`;

describe('published norms', () => {
  for (const id of NORM_IDS) {
    for (const row of NORMS[id].rows) {
      it(`${id} ${row.gender ?? 'any'} ${row.ageMin ?? 'any'}: the row is in the record with its sources`, () => {
        const line = record.split('\n').find((l) => l.startsWith(rowLine(id, row)));
        expect(line, rowLine(id, row)).toBeDefined();
        for (const s of row.sources) {
          expect(line).toContain(s.publisher);
          expect(record).toContain(s.url);
          expect(record).toContain(String(s.year));
        }
      });
    }
  }

  it('has its bands in increasing order, every row', () => {
    for (const id of NORM_IDS)
      for (const row of NORMS[id].rows) {
        const least = row.bands.map(([, n]) => n);
        expect([...least].sort((a, b) => a - b)).toEqual(least);
      }
  });

  it('places push-ups in the CSEP row of the age and gender, as a guide', () => {
    expect(normBand('csep-push-ups', 20, 33, 'male')).toMatchObject({
      band: 'Good',
      group: 'men 30-39',
      guide: true,
    });
    expect(normBand('csep-push-ups', 16, 33, 'male')?.band).toBe('Fair');
    expect(normBand('csep-push-ups', 11, 33, 'male')?.band).toBe('Needs improvement');
    expect(normBand('csep-push-ups', 30, 33, 'male')?.band).toBe('Excellent');
    expect(normBand('csep-push-ups', 30, 27, 'female')).toMatchObject({
      band: 'Excellent',
      group: 'women 20-29',
    });
    // Left out: men 40-49 (the sources disagree), ages outside the table, an unknown gender.
    expect(normBand('csep-push-ups', 30, 45, 'male')).toBeNull();
    expect(normBand('csep-push-ups', 30, 14, 'male')).toBeNull();
    expect(normBand('csep-push-ups', 30, 70, 'female')).toBeNull();
    expect(normBand('csep-push-ups', 30, 30, 'prefer-not-to-say')).toBeNull();
    expect(normBand('csep-push-ups', 30, null, 'male')).toBeNull();
    // Women 50-69: below Good has no band (the Fair threshold is not legible in the source).
    expect(normBand('csep-push-ups', 6, 55, 'female')).toBeNull();
    expect(normBand('csep-push-ups', 7, 55, 'female')?.band).toBe('Good');
  });

  it('places a plank in Linfield percentiles (18-25) and the USMC scale (everyone)', () => {
    expect(normBand('linfield-plank', 62, 20, 'female')?.band).toBe('below the 25th percentile');
    expect(normBand('linfield-plank', 63, 20, 'female')?.band).toBe('25th-50th percentile');
    expect(normBand('linfield-plank', 121, 25, 'female')?.band).toBe('above the 75th percentile');
    expect(normBand('linfield-plank', 128, 18, 'male')?.band).toBe('50th-75th percentile');
    expect(normBand('linfield-plank', 129, 18, 'male')?.band).toBe('above the 75th percentile');
    expect(normBand('linfield-plank', 200, 26, 'male')).toBeNull();
    expect(normBand('usmc-plank', 69, null, null)?.band).toBe('Below the minimum');
    expect(normBand('usmc-plank', 70, 50, 'male')).toMatchObject({
      band: 'Passing',
      group: 'everyone',
      guide: false,
    });
    expect(normBand('usmc-plank', 225, 70, 'female')?.band).toBe('Maximum score');
  });

  it('is declared by the catalogue: push-ups and the plank have norms, the others none', () => {
    const declared = CATALOGUE.map((c) => c.norms ?? []);
    expect(declared.flat().sort()).toEqual([...NORM_IDS].sort());
    expect(declared.filter((n) => n.length === 0)).toHaveLength(3);
    expect(normBands(undefined, 50, 30, 'male')).toEqual([]);
    expect(normRowFor(NORMS['usmc-plank'], null, null)).not.toBeNull();
  });
});
