import { afterEach, describe, expect, it } from 'vitest';
import { resetServedChallenges } from '@/lib/challenges';
import { authReason } from './auth-reason';

/** A page whose server opened these challenges (the tag client/src/lib/challenges.ts reads). */
function servedWith(open: string) {
  resetServedChallenges();
  const doc = { querySelector: () => ({ getAttribute: () => open }) };
  Object.defineProperty(globalThis, 'document', { value: doc, configurable: true });
}

describe('authReason', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'document');
    resetServedChallenges();
  });

  it("says a beat link of another open challenge in that challenge's unit", () => {
    servedWith('pushup-90,burpees-or-bust,plank-drop');
    expect(authReason('/burpees-or-bust/timer?beat=42&from=alex')?.text).toBe(
      'alex did 42 burpees: sign in or create an account to take the challenge',
    );
    expect(authReason('/plank-drop/timer?beat=125&from=alex')?.text).toBe(
      'alex held on for 2:05: sign in or create an account to take the challenge',
    );
    // Out of the burpees' range (1-150), though a push-up count.
    expect(authReason('/burpees-or-bust/timer?beat=200&from=alex')?.text).toBe(
      'Sign in or create an account to start the timer.',
    );
  });

  it('names the friend and the count of a beat link', () => {
    expect(authReason('/90second/timer?beat=30&from=alex')).toEqual({
      kind: 'challenge',
      text: 'alex did 30 push-ups: sign in or create an account to take the challenge',
    });
    expect(authReason('/timer?beat=1&from=bo_b')?.text).toBe(
      'bo_b did 1 push-up: sign in or create an account to take the challenge',
    );
  });

  it('says a neutral line for a beat link that is not valid and for other screens', () => {
    expect(authReason('/90second/timer?beat=999&from=alex')).toEqual({
      kind: 'destination',
      text: 'Sign in or create an account to start the timer.',
    });
    expect(authReason('/90second/log-workout')?.text).toBe(
      'Sign in or create an account to log a workout.',
    );
    expect(authReason('/profile/settings')?.text).toBe(
      'Sign in or create an account to see your profile and stats.',
    );
    expect(authReason('/90second-profile')?.text).toBe(
      'Sign in or create an account to see your profile and stats.',
    );
    expect(authReason('/90second/leaderboard')?.text).toBe(
      'Sign in or create an account to continue.',
    );
  });

  it('says nothing when sign-in leads home', () => {
    expect(authReason('/')).toBeNull();
  });
});
