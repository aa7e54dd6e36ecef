import { formatHold, formatScore } from '@common/challenges';
import { isAt, paths, type AppPath } from '@/config/paths';
import { parseChallengeTarget } from '@/lib/challenge-link';
import { openChallengeById, openChallengeForPath } from '@/lib/challenges';

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
  // A timer: the default one (and its aliases), or an open challenge's own (/plank-drop/timer).
  const own = openChallengeForPath(url.pathname);
  const ownTimer = own && url.pathname.toLowerCase().replace(/\/$/, '') === `${own.path}/timer`;
  if (at(paths.timer) || ownTimer) {
    const challenge = ownTimer ? own : openChallengeById(null);
    const target = challenge ? parseChallengeTarget(url.search, challenge.scoring) : null;
    if (!challenge || !target) return { kind: 'destination', text: `${TO} start the timer.` };
    const capped = target.capped === true;
    const did =
      challenge.scoring.kind === 'seconds'
        ? `held on for ${formatHold(target.beat)}`
        : challenge.scoring.kind === 'for-time' && !capped
          ? `finished in ${formatHold(target.beat)}`
          : `did ${formatScore(challenge.scoring, target.beat, capped)}`;
    return {
      kind: 'challenge',
      text: `${target.from} ${did}: sign in or create an account to take the challenge`,
    };
  }
  if (at(paths.logWorkout)) return { kind: 'destination', text: `${TO} log a workout.` };
  if (
    at(paths.profile) ||
    url.pathname.startsWith(`${paths.profile.path}/`) ||
    at(paths.challengeStats)
  )
    return { kind: 'destination', text: `${TO} see your profile and stats.` };
  return { kind: 'destination', text: `${TO} continue.` };
}
