import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, DEFAULT_CHALLENGE } from '../common/challenges';
import { CATALOGUE_ID_PATTERN } from './eslint-catalogue-fence.mjs';

// A challenge is one catalogue entry (docs/decisions/0212-a-challenge-is-one-entry.md): outside the
// catalogue (common/challenge*.ts), the code asks an entry what it declares and never names a
// challenge. The push-up challenge's first names stay at the edges: the `pushups` field is added by
// one server mapper, built by one SQL function and read by one client module.

const ROOTS = ['server/src', 'client/src'];
/** Where the legacy field may be named, and how many times at most (a guard against it spreading). */
const LEGACY_FIELD_HOMES: Record<string, number> = {
  'server/src/lib/score-answers.ts': 20,
  'client/src/lib/score-figure.ts': 5,
};
/** The one SQL function that builds the field in the board's JSON. */
const SQL_HOME = { file: 'server/src/db/sql/leaderboard.sql', fn: 'lb_entry_json' };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' || e.name === 'migrations' ? [] : sourceFiles(p);
    return /\.(ts|tsx|mjs|sql)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The code of a file without its comments (a comment may explain a legacy name). */
function code(file: string): string {
  const text = fs.readFileSync(file, 'utf8');
  if (file.endsWith('.sql')) return text.replace(/--.*$/gm, '');
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const files = ROOTS.flatMap(sourceFiles);

describe('the catalogue fence', () => {
  it('finds the code it guards', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(fs.existsSync(SQL_HOME.file)).toBe(true);
    for (const home of Object.keys(LEGACY_FIELD_HOMES))
      expect(fs.existsSync(home), home).toBe(true);
  });

  it("names no challenge's id outside the catalogue", () => {
    const ids = new RegExp(`['"\`/](${CATALOGUE.map((c) => c.id).join('|')})['"\`]`);
    const found = files.flatMap((f) =>
      code(f)
        .split('\n')
        .flatMap((line, i) => (ids.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('compares no challenge with the default one', () => {
    const compare = /[!=]==?\s*DEFAULT_CHALLENGE\b|\bDEFAULT_CHALLENGE\s*[!=]==?|\bisPushups?\b/;
    const found = files.flatMap((f) =>
      code(f)
        .split('\n')
        .flatMap((line, i) => (compare.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('names the legacy `pushups` field only in its one mapper, one SQL function and one reader', () => {
    const field = /\bpushups\b/g;
    const outside = files.flatMap((f) => {
      if (f in LEGACY_FIELD_HOMES || f === SQL_HOME.file) return [];
      return code(f)
        .split('\n')
        .flatMap((line, i) => (line.match(field) ? [`${f}:${i + 1}: ${line.trim()}`] : []));
    });
    expect(outside).toEqual([]);
    for (const [home, most] of Object.entries(LEGACY_FIELD_HOMES))
      expect((code(home).match(field) ?? []).length, home).toBeLessThanOrEqual(most);
    // In the SQL, only inside lb_entry_json's definition.
    const sql = code(SQL_HOME.file);
    const fns = sql.split(/(?=CREATE (?:OR REPLACE )?FUNCTION )/);
    const naming = fns.filter((f) => /pushups/.test(f)).map((f) => /FUNCTION (\w+)/.exec(f)?.[1]);
    expect(naming).toEqual([SQL_HOME.fn]);
  });

  it('keeps the ESLint rule in step with the catalogue', () => {
    for (const c of CATALOGUE) expect(CATALOGUE_ID_PATTERN.test(c.id), c.id).toBe(true);
    expect(CATALOGUE_ID_PATTERN.test(`${DEFAULT_CHALLENGE}x`)).toBe(false);
  });
});
