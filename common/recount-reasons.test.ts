import { describe, expect, it } from 'vitest';
import {
  parseReason,
  RECOUNT_REASONS,
  reasonInEnglish,
  recountReasonText,
  storedReason,
  type RecountReasonCode,
} from './recount-reasons';

// A recount's reason is stored as a code and said when read (docs/decisions/0305).
describe('recount reasons', () => {
  it('store a code with its figures, and read it back', () => {
    const r = { code: 'count-differs', counted: 20, claimed: 22 } as const;
    expect(storedReason(r)).toBe('count-differs?counted=20&claimed=22');
    expect(parseReason(storedReason(r))).toEqual(r);
    expect(storedReason({ code: 'no-face' })).toBe('no-face');
    expect(parseReason('no-face')).toEqual({ code: 'no-face' });
    expect(parseReason('No face was found.')).toBeNull();
    expect(parseReason('toString')).toBeNull();
  });

  it('say each code in the English the recount wrote before the codes', () => {
    expect(recountReasonText('count-differs?counted=1&claimed=3')).toBe(
      'FitBench counted 1 push-up in the proof clip, not 3.',
    );
    expect(recountReasonText('recounted?counted=12')).toBe(
      'FitBench counted 12 push-ups again from the proof clip.',
    );
    expect(recountReasonText('machine-beat')).toBe(
      'The proof clip does not look like a person doing push-ups: every rep takes exactly the same time, the beat of a machine.',
    );
    expect(recountReasonText('clip-no-times')).toBe(
      "The clip's frames have no times. FitBench could not count its reps.",
    );
    for (const code of Object.keys(RECOUNT_REASONS) as RecountReasonCode[])
      expect(recountReasonText(storedReason({ code, counted: 2, claimed: 4 }))).toBe(
        reasonInEnglish({ code, counted: 2, claimed: 4 }),
      );
  });

  it('keep old rows readable: a known English sentence as its reason, anything else as written', () => {
    expect(parseReason('FitBench counted 9 push-ups in the proof clip, not 30.')).toBeNull();
    expect(recountReasonText('FitBench counted 9 push-ups in the proof clip, not 30.')).toBe(
      'FitBench counted 9 push-ups in the proof clip, not 30.',
    );
    expect(recountReasonText('Nobody was in front of the camera.')).toBe(
      'Nobody was in front of the camera.',
    );
    expect(recountReasonText(null)).toBeNull();
  });
});
