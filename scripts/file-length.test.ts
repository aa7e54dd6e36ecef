import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A source file does one job and stays readable in one sitting: at most 400 lines
// (docs/decisions/0238-files-of-one-job.md). Tests, migrations and frozen fixtures of past
// releases are not counted. A file over the limit is split by job, or named here with the reason.

const LIMIT = 400;
const ROOTS = ['server/src', 'client/src', 'common', 'bench', 'scripts', 'e2e', 'reliability'];
/** Files allowed over the limit, and why. */
const EXCEPTIONS: Record<string, string> = {
  // Applied whole in one transaction, its lb_ functions dropped together before it runs
  // (server/src/db/sql-sources.ts): splitting it means splitting that prefix.
  'server/src/db/sql/leaderboard.sql': 'one SQL source, one function prefix',
};

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      return ['node_modules', 'migrations', 'fixtures', 'dist'].includes(e.name)
        ? []
        : sourceFiles(p);
    }
    return /\.(ts|tsx|mjs|js|sql|css)$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name)
      ? [p]
      : [];
  });
}

const lineCount = (file: string) =>
  fs.readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;

describe('files of one job', () => {
  const files = ROOTS.flatMap(sourceFiles);

  it('finds the sources it measures', () => {
    expect(files).toContain('server/src/app.ts');
    expect(files).toContain('client/src/app/router.tsx');
    expect(files.length).toBeGreaterThan(300);
  });

  it(`keeps every source file at ${LIMIT} lines or fewer`, () => {
    const over = files
      .filter((f) => !(f in EXCEPTIONS))
      .map((f) => `${f}: ${lineCount(f)} lines`)
      .filter((line) => Number(/: (\d+) lines$/.exec(line)![1]) > LIMIT);
    expect(over).toEqual([]);
  });

  it('names no exception that is no longer over the limit', () => {
    const stale = Object.keys(EXCEPTIONS).filter((f) => !fs.existsSync(f) || lineCount(f) <= LIMIT);
    expect(stale).toEqual([]);
  });
});
