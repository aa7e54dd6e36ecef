import { describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '@/lib/i18n';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { lengthen, lengthenAll } from './pseudo-length';
import { messages as enXA } from 'virtual:catalogue/en-XA';

describe('pseudo-locale length', () => {
  it('adds a third of the length', () => {
    expect(lengthen('Sign in')).toBe('Sign in ···');
    expect(lengthen(['Hi ', ['name']])).toEqual(['Hi ', ['name'], ' ···']);
    expect(lengthen('')).toBe(' ·');
  });

  it('lengthens and accents the en-XA catalogue, with placeholders that still work', async () => {
    const all = lengthenAll({ a: 'Close' });
    expect(all.a).toBe('Close ··');
    // Outside a build the first chunk holds every message, lengthened (scripts/vite-catalogue-chunks.ts).
    i18n.loadAndActivate({ locale: 'en-XA', messages: enXA });
    const close = i18n._(generateMessageId('Close'));
    expect(close).not.toBe('Close');
    expect(close.length).toBeGreaterThanOrEqual(Math.ceil('Close'.length * 1.3));
    const shown = i18n._(generateMessageId('Remove {name}?'), { name: 'Zed' });
    expect(shown).toContain('Zed');
    expect(shown.endsWith('·')).toBe(true);
    await activateLanguage('en');
  });
});
