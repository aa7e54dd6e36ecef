import { useSyncExternalStore } from 'react';
import {
  catalogueWith,
  challengeForPath,
  DEFAULT_OPEN_CHALLENGES,
  findEntry,
  openChallenges,
  type Challenge,
  type OpenChallenge,
} from '@common/challenges';
import { catalogueEntries } from '@/config/catalogue';
import { request } from '@/lib/api-client';

/**
 * The catalogue as this server opened it (docs/decisions/0195-open-challenges-beside-a-cached-shell.md).
 * The server writes the open challenges' ids into the index.html it serves
 * (`<meta name="fitbench-challenges" content="burpees-or-bust,plank-drop">`, server/src/lib/index-html.ts),
 * so a page from the server knows them from its first script, with no request and no flash of
 * "Coming Soon". The copy the service worker keeps (and Vite's dev server's) has no tag: then the
 * ids this device was last told of stand, and the server is asked again (`askServerForChallenges`);
 * an answer that differs is kept and the screens are drawn again with it.
 */
const META = 'meta[name="fitbench-challenges"]';
/** The last open challenges this device was told of: the device's, not a member's (lib/offline/last-user.ts). */
export const KEPT_CHALLENGES_KEY = 'fitbench:open-challenges';

/** Catalogue ids from a comma-separated list; null when it names none. */
function idsIn(text: string | null | undefined): string[] | null {
  const ids = text
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => /^[a-z0-9-]+$/.test(s));
  return ids && ids.length > 0 ? ids : null;
}

function keep(ids: readonly string[]) {
  try {
    localStorage.setItem(KEPT_CHALLENGES_KEY, ids.join(','));
  } catch {
    // Storage full or disabled: the next cached shell asks the server again.
  }
}

function kept(): string[] | null {
  try {
    return idsIn(localStorage.getItem(KEPT_CHALLENGES_KEY));
  } catch {
    return null;
  }
}

interface Served {
  ids: readonly string[];
  challenges: Challenge[];
  /** Read from the page the server sent now: nothing to ask. */
  fromServer: boolean;
  /** Known from the page or from this device's last answer (else the catalogue as shipped). */
  known: boolean;
}

function readServed(): Served {
  const meta = typeof document === 'undefined' ? null : document.querySelector(META);
  if (meta) {
    const ids = idsIn(meta.getAttribute('content')) ?? DEFAULT_OPEN_CHALLENGES;
    keep(ids);
    return {
      ids,
      challenges: catalogueWith(ids, catalogueEntries()),
      fromServer: true,
      known: true,
    };
  }
  const last = kept();
  const ids = last ?? DEFAULT_OPEN_CHALLENGES;
  return {
    ids,
    challenges: catalogueWith(ids, catalogueEntries()),
    fromServer: false,
    known: last !== null,
  };
}

let served: Served | undefined;
const current = () => (served ??= readServed());

// Screens draw again when the server's answer changes what they were drawn with (app/app.tsx).
let version = 0;
let waiting = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/**
 * Asks the server which challenges are open, when the page did not say (a shell from the service
 * worker's cache): at app start, and once back online if that failed. Until a first answer on a
 * device that never had one, the screens wait for it (`useServedChallengesVersion` is null).
 */
export function askServerForChallenges(): void {
  const now = current();
  if (now.fromServer) return;
  waiting = !now.known;
  // 'no-cache': the answer may be kept by the browser a while (public, max-age); the operator may
  // have changed CHALLENGES since.
  request<{ id: string; isActive: boolean }[]>('/api/challenges', { cache: 'no-cache' }).then(
    ({ data }) => {
      const ids =
        idsIn(
          data
            .filter((c) => c.isActive)
            .map((c) => c.id)
            .join(','),
        ) ?? DEFAULT_OPEN_CHALLENGES;
      keep(ids);
      if (ids.join(',') !== current().ids.join(',')) {
        served = {
          ids,
          challenges: catalogueWith(ids, catalogueEntries()),
          fromServer: false,
          known: true,
        };
        version += 1;
      }
      waiting = false;
      changed();
    },
    () => {
      // Offline (or the server down): what this device knew stands; ask again once back online.
      waiting = false;
      changed();
      window.addEventListener('online', askServerForChallenges, { once: true });
    },
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Changes whenever the open challenges do; null while a device that knows none asks the server. */
export const useServedChallengesVersion = (): number | null =>
  useSyncExternalStore(subscribe, () => (waiting ? null : version));

/** Every catalogue entry with its open state, in catalogue order. */
export const servedChallenges = (): Challenge[] => current().challenges;

/** The open challenges, in catalogue order (the push-up challenge first when open). */
export const servedOpenChallenges = (): OpenChallenge[] => openChallenges(servedChallenges());

/** The open challenge whose screens `pathname` is under, if any. */
export function openChallengeForPath(pathname: string): OpenChallenge | undefined {
  const c = challengeForPath(pathname, servedChallenges());
  return c && c.isActive ? servedOpenChallenges().find((o) => o.id === c.id) : undefined;
}

/** An open challenge by id, or the default one (always open as shipped), or the first open. */
export function openChallengeById(id: string | null | undefined): OpenChallenge | undefined {
  const open = servedOpenChallenges();
  return findEntry(id, open) ?? open.find((c) => c.isDefault) ?? open[0];
}

/** The open default challenge (the one a screen means when its address names none), or the first open. */
export const defaultOpenChallenge = (): OpenChallenge | undefined => openChallengeById(undefined);

/**
 * The board an address shows: its challenge's, the default challenge's at /leaderboard. Here, in
 * the first script, for both the board's screen and its heading, which load apart (app/router.tsx).
 */
export const boardChallenge = (pathname: string) =>
  openChallengeForPath(pathname) ?? defaultOpenChallenge();

/** Tests only: forget what was read, so the next call reads the page's tag again. */
export function resetServedChallenges() {
  served = undefined;
  waiting = false;
}
