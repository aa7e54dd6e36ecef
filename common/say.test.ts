import { afterEach, describe, expect, it } from 'vitest';
import { formatIcu, say, sayingFields, sayingRecord, setSayer } from './say';
import { CATALOGUE, formatScore, timerTitleOf } from './challenges';
import { TIER_WORDS } from './tier-words';
import { PERIOD_LABELS } from './leaderboard';

afterEach(() => setSayer(null));

describe('formatIcu (English, before any translator)', () => {
  it('fills placeholders and leaves plain text as it is', () => {
    expect(formatIcu("Counted by the member's camera.")).toBe("Counted by the member's camera.");
    expect(formatIcu('{title} timer', { title: 'Burpees or Bust' })).toBe('Burpees or Bust timer');
    expect(formatIcu('{missing} stays')).toBe('{missing} stays');
  });

  it('picks plural forms, exact matches first, and # the number', () => {
    const m = '{n, plural, =0 {none} one {{n} push-up} other {# push-ups}}';
    expect(formatIcu(m, { n: 0 })).toBe('none');
    expect(formatIcu(m, { n: 1 })).toBe('1 push-up');
    expect(formatIcu(m, { n: 1200 })).toBe('1200 push-ups');
  });

  it('selects, and quotes braces', () => {
    const m = '{g, select, male {men} female {women} other {everyone}}';
    expect(formatIcu(m, { g: 'female' })).toBe('women');
    expect(formatIcu(m, { g: 'x' })).toBe('everyone');
    expect(formatIcu("'{'literal'}' and it''s {v}", { v: 1 })).toBe("{literal} and it's 1");
  });

  it('does not read a value as a message', () => {
    expect(formatIcu('Not recounted: {reason}', { reason: "{odd} it's" })).toBe(
      "Not recounted: {odd} it's",
    );
  });
});

describe('say', () => {
  it('speaks English as the code wrote it until a translator is registered', () => {
    const pushups = CATALOGUE[0]!;
    expect(say('{title} timer', { title: 'X' })).toBe('X timer');
    expect(formatScore(pushups.scoring!, 1)).toBe('1 push-up');
    expect(formatScore(pushups.scoring!, 42)).toBe('42 push-ups');
    expect(TIER_WORDS.entered.label).toBe('Entered');
    expect(PERIOD_LABELS.week).toBe('This Week');
  });

  it('asks the registered translator, with the English message and its values', () => {
    const asked: [string, unknown][] = [];
    setSayer((message, values) => {
      asked.push([message, values]);
      return `<${message}>`;
    });
    expect(timerTitleOf({ title: 'Burpees or Bust' })).toBe('<{title} timer>');
    expect(asked).toEqual([
      ['Burpees or Bust', undefined],
      ['{title} timer', { title: '<Burpees or Bust>' }],
    ]);
  });

  it('reads records and fields again each time, in the language of the moment', () => {
    const words = sayingRecord({ a: 'Good' });
    const field = sayingFields({ id: 'x', label: 'Male' }, ['label']);
    expect([words.a, field.label, field.id]).toEqual(['Good', 'Male', 'x']);
    setSayer((m) => ({ Good: 'Gut', Male: 'Männlich' })[m] ?? m);
    expect([words.a, field.label, field.id]).toEqual(['Gut', 'Männlich', 'x']);
    expect(TIER_WORDS.reviewed.label).toBe('Reviewed');
    expect({ ...words }).toEqual({ a: 'Gut' });
  });
});
