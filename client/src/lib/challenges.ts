import {
  catalogueWith,
  challengeForPath,
  DEFAULT_CHALLENGE,
  DEFAULT_OPEN_CHALLENGES,
  openChallenges,
  type Challenge,
  type OpenChallenge,
} from '@common/challenges';

/**
 * The catalogue as this server opened it. The server writes the open challenges' ids into
 * index.html (`<meta name="fitbench-challenges" content="pushup-90,plank-drop">`,
 * server/src/lib/index-html.ts), so every screen knows them from the first script, with no request
 * and no flash of "Coming Soon"; without the tag (Vite's dev server) the catalogue is as shipped.
 */
function readServed(): Challenge[] {
  const meta = typeof document === 'undefined' ? null : document.querySelector('meta[name="fitbench-challenges"]');
  const ids = meta?.getAttribute('content')?.split(',').map((s) => s.trim()).filter(Boolean);
  return catalogueWith(ids && ids.length > 0 ? ids : DEFAULT_OPEN_CHALLENGES);
}

let served: Challenge[] | undefined;

/** Every catalogue entry with its open state, in catalogue order. */
export function servedChallenges(): Challenge[] {
  served ??= readServed();
  return served;
}

/** The open challenges, in catalogue order (the push-up challenge first when open). */
export const servedOpenChallenges = (): OpenChallenge[] => openChallenges(servedChallenges());

/** The open challenge whose screens `pathname` is under, if any. */
export function openChallengeForPath(pathname: string): OpenChallenge | undefined {
  const c = challengeForPath(pathname, servedChallenges());
  return c && c.isActive ? servedOpenChallenges().find((o) => o.id === c.id) : undefined;
}

/** An open challenge by id, or the push-up challenge (always in the catalogue). */
export function openChallengeById(id: string | null | undefined): OpenChallenge | undefined {
  const open = servedOpenChallenges();
  return open.find((c) => c.id === id) ?? open.find((c) => c.id === DEFAULT_CHALLENGE) ?? open[0];
}

/** Tests only: forget what was read, so the next call reads the page's tag again. */
export function resetServedChallenges() {
  served = undefined;
}
