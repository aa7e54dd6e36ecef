import { afterEach, describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';
import { activateLanguage } from './i18n';

describe('formatDuration', () => {
  afterEach(() => activateLanguage('en'));

  it('writes English as "2 min 30 s"', async () => {
    await activateLanguage('en');
    expect(formatDuration(150)).toBe('2 min 30 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(3900)).toBe('1 h 5 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(0)).toBe('0 s');
  });

  it('writes German and Spanish units', async () => {
    // The catalogue loader the test setup registers (client/src/test/i18n-setup.ts).
    await activateLanguage('de');
    expect(formatDuration(150)).toBe('2 Min. 30 Sek.');
    expect(formatDuration(45)).toBe('45 Sek.');
    expect(formatDuration(3900)).toBe('1 Std. 5 Min.');
    await activateLanguage('es');
    expect(formatDuration(150)).toBe('2 min 30 s');
    expect(formatDuration(3600)).toBe('1 h');
  });
});
