import { describe, expect, it } from 'vitest';
import { isValidTimeZone } from './leaderboard';

describe('isValidTimeZone', () => {
  it('gives the same answer when asked again (the answers are kept per name)', () => {
    for (let round = 0; round < 2; round++) {
      expect(isValidTimeZone('Europe/Paris')).toBe(true);
      expect(isValidTimeZone('UTC')).toBe(true);
      expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
      expect(isValidTimeZone('')).toBe(false);
      expect(isValidTimeZone('x'.repeat(65))).toBe(false);
    }
  });

  it('stays right past the bound of kept answers', () => {
    for (let i = 0; i < 2_100; i++) expect(isValidTimeZone(`Nowhere/Zone_${i}`)).toBe(false);
    expect(isValidTimeZone('Asia/Kathmandu')).toBe(true);
    expect(isValidTimeZone('Nowhere/Zone_5')).toBe(false);
  });
});
