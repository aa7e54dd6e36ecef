// A test that makes the code under test log console.error or console.warn fails, as Playwright's
// specs fail on a console error: an unexpected warning is a defect nobody would read in CI's log.
// A test that expects one takes the call over with its own spy, e.g.
// `vi.spyOn(console, 'error').mockImplementation(() => {})`, and asserts on it.
import { format } from 'node:util';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

const levels = ['error', 'warn'] as const;
let calls: string[] = [];
let spies: MockInstance[] = [];

beforeEach(() => {
  calls = [];
  spies = levels.map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      calls.push(`console.${level}: ${format(...args)}`);
    }),
  );
});

afterEach(() => {
  for (const spy of spies) spy.mockRestore();
  const logged = calls;
  calls = [];
  if (logged.length > 0) {
    throw new Error(`The test logged what nobody expected:\n${logged.join('\n').slice(0, 4000)}`);
  }
});
