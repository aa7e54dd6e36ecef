import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/lib/i18n';
import { callouts, commentsLabel, setHeadline, suggestionWhy, tierLabel } from './set-words';

describe('the words of a set on the feed', () => {
  it('names the challenge and writes the score in its unit', () => {
    expect(setHeadline({ challenge: 'pushup-90', score: 1234, capped: false })).toEqual({
      title: '90 Second Push-up Challenge',
      figure: '1,234',
    });
    // A challenge this client does not know keeps its id and the bare number.
    expect(setHeadline({ challenge: 'unknown-x', score: 7, capped: false })).toEqual({
      title: 'unknown-x',
      figure: '7',
    });
  });

  it('calls out a new best once, before the badges', () => {
    expect(callouts({ newBest: true, badges: [] })).toEqual(['New best']);
    expect(
      callouts({ newBest: true, badges: [{ badge: 'new-best', challenge: 'pushup-90' }] }),
    ).toEqual(['New best: 90 Second Push-up Challenge']);
    expect(
      callouts({ newBest: false, badges: [{ badge: 'first-verified', challenge: 'pushup-90' }] }),
    ).toEqual(['First verified set']);
  });

  it('says the tier and the comments in words', () => {
    expect(tierLabel('camera-counted')).toBe('Camera-counted');
    expect(commentsLabel(1)).toBe('1 comment');
    expect(commentsLabel(0)).toBe('0 comments');
  });

  it("says why a member is suggested from the reason's code, in the page's language", async () => {
    const club = { why: 'x', reason: { kind: 'club', club: 'Frühaufsteher' } } as const;
    const band = { why: 'x', reason: { kind: 'board-top', ageGroup: 'under-20' } } as const;
    const all = { why: 'x', reason: { kind: 'board-top', ageGroup: null } } as const;
    expect([club, band, all].map(suggestionWhy)).toEqual([
      'In Frühaufsteher',
      'Top of the Under 20 board',
      'Top of the all-time board',
    ]);
    // An answer kept from before the codes: its words as they came.
    expect(suggestionWhy({ why: 'In Early Birds' })).toBe('In Early Birds');
    await activateLanguage('de');
    expect([club, band, all].map(suggestionWhy)).toEqual([
      'In Frühaufsteher',
      'Ganz oben in der Bestenliste Unter 20',
      'Ganz oben in der ewigen Bestenliste',
    ]);
    await activateLanguage('es');
    expect(suggestionWhy(band)).toBe('En cabeza de la clasificación Menos de 20');
  });
});

afterAll(() => activateLanguage('en'));
