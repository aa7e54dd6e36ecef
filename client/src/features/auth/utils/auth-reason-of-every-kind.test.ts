import { afterEach, describe, expect, it } from 'vitest';
import { resetServedChallenges } from '@/lib/challenges';
import { authReason } from './auth-reason';

/** A page whose server opened these challenges (the tag client/src/lib/challenges.ts reads). */
function servedWith(open: string) {
  resetServedChallenges();
  const doc = { querySelector: () => ({ getAttribute: () => open }) };
  Object.defineProperty(globalThis, 'document', { value: doc, configurable: true });
}

describe('authReason for a beat link of the last two challenges', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'document');
    resetServedChallenges();
  });

  it('says a finish, a capped run and rounds in their words', () => {
    servedWith('pushup-90,nickels-dimes,mfm-challenge');
    expect(authReason('/mfm-challenge/timer?beat=1122&from=alex')?.text).toBe(
      'alex finished in 18:42: sign in or create an account to take the challenge',
    );
    expect(authReason('/mfm-challenge/timer?beat=312&from=alex&capped=1')?.text).toBe(
      'alex did CAP + 312 reps: sign in or create an account to take the challenge',
    );
    expect(authReason('/nickels-dimes/timer?beat=114&from=alex')?.text).toBe(
      'alex did 7 rounds + 9: sign in or create an account to take the challenge',
    );
    // Faster than 6:00 is not a finish a link can carry.
    expect(authReason('/mfm-challenge/timer?beat=300&from=alex')?.text).toBe(
      'Sign in or create an account to start the timer.',
    );
  });
});
