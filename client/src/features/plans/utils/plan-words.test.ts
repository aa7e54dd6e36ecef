import { afterAll, describe, expect, it } from 'vitest';
import { CHALLENGES } from '@common/challenges';
import type { Prescription } from '@common/plans';
import { activateLanguage } from '@/lib/i18n';
import { dayLabel, daysLabel, prescriptionLine, setLabel, weekdayName } from './plan-words';

// A plan's words: the spec's English unchanged, German and Spanish by their own rules (docs/i18n.md).
const scoring = CHALLENGES[0]!.scoring!;
const reps: Prescription = {
  unit: 'reps',
  sets: [15, 15, 12, 12, 15],
  restSeconds: 60,
  lastAtLeast: true,
};

describe('plan words', () => {
  afterAll(() => activateLanguage('en'));

  it('keeps the English', () => {
    expect(prescriptionLine(reps, scoring)).toBe('5 sets: 15, 15, 12, 12, 15+ push-ups, 60 s rest');
    expect(dayLabel('2026-11-30')).toBe('Mon 30 Nov');
    expect(daysLabel([1, 3, 5])).toBe('Mon, Wed, Fri');
    expect(weekdayName(0)).toBe('Sunday');
  });

  it('speaks German', async () => {
    await activateLanguage('de');
    expect(weekdayName(1)).toBe('Montag');
    expect(setLabel({ ...reps, unit: 'rounds' }, 3, scoring)).toBe('3 Runden');
    expect(prescriptionLine({ ...reps, unit: 'seconds', sets: [45, 60] }, scoring)).toBe(
      '2 Halteübungen: 45 s, 1:00, 60 s Pause',
    );
  });
});
