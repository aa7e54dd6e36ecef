// Every path a comment or a document names under docs/ (and every relative link in a Markdown file)
// must exist: a renamed or removed record must not leave a newcomer following a dead link.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const skip = new Set([
  'node_modules',
  'dist',
  '.git',
  'test-results',
  'playwright-report',
  'data',
  'coverage',
]);
const textFile = /\.(ts|tsx|mjs|js|sql|md|sh|json|yaml|yml|conf|css|html)$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (textFile.test(entry.name) && !entry.name.endsWith('package-lock.json')) yield full;
  }
}

const records = fs.readdirSync(path.join(root, 'docs/decisions'));

/** The documents a text names, as repository paths (a record named by number alone: its file). */
export function linksIn(text: string, file: string): string[] {
  const found: string[] = [];
  // A repository path under docs/, as comments and documents write it.
  for (const m of text.matchAll(/\bdocs\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md\b/g)) found.push(m[0]);
  // A decision record by its number only ("docs/decisions/0034").
  for (const m of text.matchAll(/\bdocs\/decisions\/(\d{4})(?![\d-])/g)) {
    const record = records.find((r) => r.startsWith(`${m[1]}-`));
    found.push(`docs/decisions/${record ?? `${m[1]}-(no such record).md`}`);
  }
  if (file.endsWith('.md')) {
    // A relative Markdown link: [text](path), without a scheme or an anchor-only target.
    for (const m of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
      found.push(path.relative(root, path.resolve(path.join(root, path.dirname(file)), target)));
    }
  }
  return found;
}

const missing = (target: string) => !fs.existsSync(path.join(root, target));

/** Each named document, as [file that names it, path named]. */
function namedDocs(): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const file of files(root)) {
    const rel = path.relative(root, file);
    for (const target of linksIn(fs.readFileSync(file, 'utf8'), rel)) found.push([rel, target]);
  }
  return found;
}

describe('links to documents', () => {
  it('name only files that exist', () => {
    const named = namedDocs();
    expect(named.length).toBeGreaterThan(50);
    const broken = named
      .filter(([, target]) => missing(target))
      .map(([from, target]) => `${from} -> ${target}`);
    expect(broken).toEqual([]);
  });

  it('finds broken ones of every kind', () => {
    const dir = 'docs/' + 'decisions/';
    const first = records.find((r) => /^\d{4}-/.test(r))!;
    const text = `see ${dir}9999-gone.md, ${dir}9998 and [the deploy notes](../deploy/none.md); ${dir}${first.slice(0, 4)} is fine`;
    const links = linksIn(text, 'docs/product.md');
    expect(links.filter(missing)).toEqual([
      `${dir}9999-gone.md`,
      `${dir}9998-(no such record).md`,
      'deploy/none.md',
    ]);
    expect(links.filter((l) => !missing(l))).toEqual([`${dir}${first}`]);
  });
});

describe('the decision records index', () => {
  it('explains every number below the last record that has no record', () => {
    const index = fs.readFileSync(path.join(root, 'docs/decisions/README.md'), 'utf8');
    const numbers = records.filter((r) => /^\d{4}-/.test(r)).map((r) => Number(r.slice(0, 4)));
    const used = new Set(numbers);
    // "Numbers without a record (0099-0109, 0154, ...)": the list the index gives.
    const list = /Numbers without a record \(([^)]*)\)/.exec(index)?.[1] ?? '';
    const explained = new Set<number>();
    for (const m of list.matchAll(/(\d{4})(?:-(\d{4}))?/g)) {
      for (let n = Number(m[1]); n <= Number(m[2] ?? m[1]); n++) explained.add(n);
    }
    const gaps: number[] = [];
    for (let n = 1; n < Math.max(...numbers); n++) if (!used.has(n)) gaps.push(n);
    expect(gaps.filter((n) => !explained.has(n))).toEqual([]);
    // And the list names no number that has a record.
    expect([...explained].filter((n) => used.has(n))).toEqual([]);
    // Every record has its line in the table.
    const rows = numbers.filter((n) => !index.includes(`| [${String(n).padStart(4, '0')}](`));
    expect(rows).toEqual([]);
  });
});
