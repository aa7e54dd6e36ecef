import { t } from '@lingui/core/macro';
import { formatHold, formatScore } from '@common/challenges';
import { isAt, paths, type AppPath } from '@/config/paths';
import { parseChallengeTarget } from '@/lib/challenge-link';
import { openChallengeById, openChallengeForPath } from '@/lib/challenges';

/** Why sign-in was asked for: a friend's challenge, or the screen the visitor was going to. */
export interface AuthReason {
  kind: 'challenge' | 'destination';
  text: string;
}

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
    if (!challenge || !target)
      return {
        kind: 'destination',
        text: t`Sign in or create an account to start the timer.`,
      };
    const capped = target.capped === true;
    const from = target.from;
    const hold = formatHold(target.beat);
    const score = formatScore(challenge.scoring, target.beat, capped);
    const text =
      challenge.scoring.kind === 'seconds'
        ? t`${from} held on for ${hold}: sign in or create an account to take the challenge`
        : challenge.scoring.kind === 'for-time' && !capped
          ? t`${from} finished in ${hold}: sign in or create an account to take the challenge`
          : t`${from} did ${score}: sign in or create an account to take the challenge`;
    return { kind: 'challenge', text };
  }
  if (at(paths.logWorkout))
    return { kind: 'destination', text: t`Sign in or create an account to log a workout.` };
  if (
    at(paths.profile) ||
    url.pathname.startsWith(`${paths.profile.path}/`) ||
    at(paths.challengeStats)
  )
    return {
      kind: 'destination',
      text: t`Sign in or create an account to see your profile and stats.`,
    };
  return { kind: 'destination', text: t`Sign in or create an account to continue.` };
}
