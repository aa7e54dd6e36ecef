import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, languageFromList, supportedLanguage } from './languages';
import { languageSettingSchema } from './schemas/language';

describe('languages', () => {
  it('picks the best supported language of an Accept-Language header', () => {
    expect(languageFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(languageFromAcceptLanguage('fr-FR, es;q=0.5, en;q=0.4')).toBe('es');
    expect(languageFromAcceptLanguage('en;q=0.2, es-MX;q=0.9')).toBe('es');
    expect(languageFromAcceptLanguage('fr, it')).toBeNull();
    expect(languageFromAcceptLanguage('de;q=0, es')).toBe('es');
    expect(languageFromAcceptLanguage('en-XA')).toBeNull();
    expect(languageFromAcceptLanguage('')).toBeNull();
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
  });

  it('reads a browser list and single tags', () => {
    expect(languageFromList(['fr-CA', 'es-419', 'en'])).toBe('es');
    expect(languageFromList([])).toBeNull();
    expect(supportedLanguage('DE_at')).toBe('de');
    expect(supportedLanguage('en-xa')).toBe('en-XA');
    expect(supportedLanguage('pt')).toBeNull();
  });

  it('accepts a known language or null as the setting, refuses others', () => {
    expect(languageSettingSchema.parse('de')).toBe('de');
    expect(languageSettingSchema.parse(null)).toBeNull();
    expect(languageSettingSchema.safeParse('fr').success).toBe(false);
  });
});
