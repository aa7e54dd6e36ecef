import { useSyncExternalStore } from 'react';
import type { ChallengeId, OpenChallenge } from '@common/challenges';
import { openChallengeById } from './challenges';

// The challenge the member last used on this device: the navigation's Start, Log and Rankings
// lead to it. A personal key (not in lib/offline/last-user.ts's DEVICE_SETTINGS), so it goes with
// the member when the device is signed out, like every other personal `fitbench:` key.
// docs/decisions/0148-per-challenge-links-and-memory.md
export const LAST_CHALLENGE_KEY = 'fitbench:last-challenge';

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(LAST_CHALLENGE_KEY);
  } catch {
    return null;
  }
}

/** Records that the member is on `id`'s screens (an open challenge's). */
export function rememberChallenge(id: ChallengeId): void {
  if (read() === id) return;
  try {
    localStorage.setItem(LAST_CHALLENGE_KEY, id);
  } catch {
    // Storage full or disabled: the navigation leads to the push-up challenge.
  }
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab, or the sign-out wipe (which removes the key without telling anyone here).
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

/**
 * The last-used challenge if it is still open, else the push-up challenge (the first open one when
 * that is closed). Undefined only when nothing at all is open.
 */
export const lastChallenge = (): OpenChallenge | undefined => openChallengeById(read());

/** lastChallenge() as state: it changes as the member moves between challenges. */
export function useLastChallenge(): OpenChallenge | undefined {
  const id = useSyncExternalStore(subscribe, read, () => null);
  return openChallengeById(id);
}
