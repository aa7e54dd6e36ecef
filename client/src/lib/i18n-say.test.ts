// common/'s words (common/say.ts) in the page's language, through the catalogue the page loaded.
import { afterAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  formatScore,
  howToOf,
  timerTitleOf,
  type OpenChallenge,
} from '@common/challenges';
import { badgeName } from '@common/badges';
import { updateProfileSchema } from '@common/schemas/profile';
import { groupLabel } from '@common/standing';
import { TIER_WORDS } from '@common/tier-words';
import { activateLanguage, sayShared } from './i18n';

const pushups = CATALOGUE[0]!;
const burpees = {
  ...CATALOGUE.find((e) => e.id === 'burpees-or-bust')!,
  isActive: true,
} as OpenChallenge;

describe('common words on the page', () => {
  afterAll(() => activateLanguage('en'));

  it('stays the English of the code in English', async () => {
    await activateLanguage('en');
    expect(formatScore(pushups.scoring!, 42)).toBe('42 push-ups');
    expect(timerTitleOf(burpees)).toBe('Burpees or Bust timer');
    expect(howToOf(burpees)).toBe(
      'Tap Start, get into position during the 3-2-1, then do as many burpees as you can in 2 minutes. Tap the counter for each one, or enter the count at the end.',
    );
  });

  it('speaks German and Spanish once the page does', async () => {
    await activateLanguage('de');
    expect(formatScore(pushups.scoring!, 1)).toBe('1 Liegestütz');
    expect(formatScore(pushups.scoring!, 42)).toBe('42 Liegestütze');
    expect(TIER_WORDS['camera-counted'].label).toBe('Per Kamera gezählt');
    expect(badgeName('new-best', pushups.id)).toBe(
      'Neue Bestleistung: 90-Sekunden-Liegestütz-Challenge',
    );
    expect(sayShared('Plank Till You Drop')).toBe('Plank bis zum Umfallen');
    expect(sayShared('no such message {x}')).toBe('no such message {x}');
    expect(groupLabel({ ageGroup: '30-39', gender: 'female' })).toBe('Frauen 30–39');
    // A form's zod messages: a fixed one by sayShared, a text rule said as it is checked.
    expect(sayShared('The weekly goal must be at most 7 sessions a week')).toBe(
      'Das Wochenziel darf höchstens 7 Einheiten pro Woche sein',
    );
    const name = updateProfileSchema.safeParse({ fullName: 'a\u202eb' });
    expect(name.error?.issues[0]?.message).toBe(
      'Vollständiger Name: darf keine Zeichen enthalten, die die Schreibrichtung ändern',
    );
    expect(groupLabel({ ageGroup: '60-plus', gender: 'male' })).toBe('Männer ab 60');
    expect(groupLabel({ ageGroup: 'under-20', gender: null })).toBe('Mitglieder unter 20');
    await activateLanguage('es');
    expect(groupLabel({ ageGroup: '30-39', gender: 'female' })).toBe('mujeres de 30 a 39');
    expect(groupLabel({ ageGroup: '60-plus', gender: null })).toBe('miembros de 60 o más');
    expect(groupLabel({ ageGroup: 'under-20', gender: 'male' })).toBe('hombres menores de 20');
    expect(groupLabel({ ageGroup: null, gender: null })).toBe('todos los miembros');
    expect(howToOf(burpees)).toContain('en 2 minutos');
    expect(formatScore(pushups.scoring!, 42)).toBe('42 flexiones');
  });
});
