import { isAt, paths, type AppPath } from '@/config/paths';
import { parseChallengeTarget } from '@/lib/challenge-link';

/** Why sign-in was asked for: a friend's challenge, or the screen the visitor was going to. */
export interface AuthReason {
  kind: 'challenge' | 'destination';
  text: string;
}

const TO = 'Sign in or create an account to';

/** What the sign-in screen says about where it leads; `next` is a path made safe by ./next-path.ts. */
export function authReason(next: string): AuthReason | null {
  if (next === paths.catalogue.getHref()) return null;
  const url = new URL(next, 'https://fitbench.invalid');
  const at = (route: AppPath) => isAt(route, url.pathname);
  if (at(paths.timer)) {
    const target = parseChallengeTarget(url.search);
    if (!target) return { kind: 'destination', text: `${TO} start the timer.` };
    const count = `${target.beat} push-up${target.beat === 1 ? '' : 's'}`;
    return {
      kind: 'challenge',
      text: `${target.from} did ${count}: sign in or create an account to take the challenge`,
    };
  }
  if (at(paths.logWorkout)) return { kind: 'destination', text: `${TO} log a workout.` };
  if (at(paths.profile) || url.pathname.startsWith(`${paths.profile.path}/`) || at(paths.challengeStats))
    return { kind: 'destination', text: `${TO} see your profile and stats.` };
  return { kind: 'destination', text: `${TO} continue.` };
}
