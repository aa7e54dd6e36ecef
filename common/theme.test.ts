import { describe, expect, it } from 'vitest';
import { resolveTheme, THEME_INIT_SCRIPT, THEME_STORAGE_KEY } from './theme';

/** Runs the inline script against a stored value and a system setting; returns the class it set. */
function runInitScript(stored: string | null, systemDark: boolean, storageThrows = false): boolean {
  let dark: boolean | undefined;
  const localStorage = {
    getItem: (key: string) => {
      if (storageThrows) throw new Error('blocked');
      return key === THEME_STORAGE_KEY ? stored : null;
    },
  };
  const matchMedia = (q: string) => ({
    matches: q === '(prefers-color-scheme: dark)' && systemDark,
  });
  const document = {
    documentElement: {
      classList: { toggle: (c: string, on: boolean) => c === 'dark' && (dark = on) },
    },
  };
  new Function('localStorage', 'matchMedia', 'document', THEME_INIT_SCRIPT)(
    localStorage,
    matchMedia,
    document,
  );
  return dark ?? false;
}

describe('theme', () => {
  it('the first-paint script gives what resolveTheme gives', () => {
    for (const stored of [null, 'system', 'light', 'dark', 'purple'])
      for (const systemDark of [false, true])
        expect(runInitScript(stored, systemDark), `${stored} ${systemDark}`).toBe(
          resolveTheme(stored, systemDark) === 'dark',
        );
  });
  it('a choice beats the system; no choice follows it', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme(null, true)).toBe('dark');
  });
  it('blocked storage (some private modes) follows the system', () => {
    expect(runInitScript('dark', true, true)).toBe(true);
    expect(runInitScript('dark', false, true)).toBe(false);
  });
});
