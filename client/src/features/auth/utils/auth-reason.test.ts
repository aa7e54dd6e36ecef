import { describe, expect, it } from 'vitest';
import { authReason } from './auth-reason';

describe('authReason', () => {
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
