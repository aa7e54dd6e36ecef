import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// A README a newcomer reads in five minutes: the two commands, what to set, where things are.
// Figures live in docs/benchmarks.md, every setting in docs/configuration.md.
describe('README', () => {
  it('stays within 150 lines and points to the configuration and the figures', () => {
    const text = fs.readFileSync('README.md', 'utf8');
    expect(text.split('\n').length).toBeLessThanOrEqual(150);
    expect(text).toContain('docs/configuration.md');
    expect(text).toContain('docs/benchmarks.md');
    expect(text.startsWith('# FitBench\n\n```sh\nnpm install && npm start')).toBe(true);
  });

  it('names every variable env.ts reads in docs/configuration.md', () => {
    const env = fs.readFileSync('server/src/env.ts', 'utf8');
    const doc = fs.readFileSync('docs/configuration.md', 'utf8');
    const names = [...env.matchAll(/^ {2}([A-Z][A-Z0-9_]+): z/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
  });
});
