import { useSyncExternalStore } from 'react';
import type { SessionState, User } from '@common/schemas/auth';
import { api } from '@/lib/api-client';
import type * as LastUser from '@/lib/offline/last-user';
import { keepsMemberData, lastUser } from '@/lib/offline/member-record';
import { USER_QUERY_KEY } from '@/lib/user-query-key';

/**
 * The current user, or null when signed out. GET /api/session answers a visitor with 200 and
 * { user: null }, so a visitor's page load logs no failed request (GET /api/user would be a 401).
 * Without a connection the member last seen on this device is used, so the timer and log workout
 * open offline (docs/decisions/0055-pwa-and-offline-saves.md).
 */
export async function getUser(): Promise<User | null> {
  // A device that keeps a member's data asks for the code that keeps it beside the session.
  const keeper = keepsMemberData() ? recordKeeper() : null;
  try {
    const user = (await api<SessionState>('/api/session')).user;
    if (user || keeper) await remember(user, keeper ?? recordKeeper());
    return user;
  } catch (err) {
    if (err instanceof TypeError) {
      const last = lastUser();
      if (last) return last;
    }
    throw err;
  }
}

let keeperChunk: Promise<typeof LastUser> | undefined;
function recordKeeper() {
  if (!keeperChunk) {
    keeperChunk = import('@/lib/offline/last-user');
    // Asked for beside the session, it may go unused (the session failed): never unhandled.
    keeperChunk.catch(() => undefined);
  }
  return keeperChunk;
}

/**
 * The server's answer recorded on this device, and what was anyone else's forgotten
 * (lib/offline/last-user.ts, docs/decisions/0089-what-a-signed-out-device-keeps.md). Its code
 * loads only when there is something to record or forget: a member, or what one left here. A
 * visitor's pages load none of it (docs/decisions/0310-the-first-script-trimmed.md).
 */
async function remember(user: User | null, keeper: ReturnType<typeof recordKeeper>) {
  try {
    (await keeper).rememberUser(user);
  } catch {
    keeperChunk = undefined;
    // Its chunk could not load (offline without a worker): the next answer records it.
  }
}

export const userQueryKey = USER_QUERY_KEY;

export interface UserState {
  data: User | null | undefined;
  isPending: boolean;
  isError: boolean;
}

// The header, the navigation and the catalogue read the user on `/` before TanStack Query is
// loaded (it loads with the other screens: docs/decisions/0061-js-budget-on-root.md). Until then
// this small store fetches it; once the query client exists it owns the ['user'] query and this
// store only mirrors it (user-query-bridge.ts), so setQueryData and invalidation work as before.
let state: UserState = { data: undefined, isPending: true, isError: false };
let firstFetch: Promise<User | null> | null = null;
let bound = false;
const listeners = new Set<() => void>();

export function setUserState(next: UserState) {
  if (
    next.data === state.data &&
    next.isPending === state.isPending &&
    next.isError === state.isError
  )
    return;
  state = next;
  for (const l of listeners) l();
}

/** The first fetch of the user (started once); the query client adopts it instead of asking again. */
export function firstUserFetch(): Promise<User | null> {
  firstFetch ??= getUser().then(
    (user) => {
      if (!bound) setUserState({ data: user, isPending: false, isError: false });
      return user;
    },
    (error: unknown) => {
      if (!bound) setUserState({ data: undefined, isPending: false, isError: true });
      throw error;
    },
  );
  return firstFetch;
}

/** From now on the query client's ['user'] query is the source; see user-query-bridge.ts. */
export function markUserBound() {
  bound = true;
}

export function subscribeToUser(listener: () => void) {
  listeners.add(listener);
  firstUserFetch().catch(() => undefined);
  return () => listeners.delete(listener);
}

export const currentUserState = () => state;

export function useUser(): UserState {
  return useSyncExternalStore(subscribeToUser, currentUserState, currentUserState);
}
