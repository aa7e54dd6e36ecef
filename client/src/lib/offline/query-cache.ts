import {
  dehydrate,
  hydrate,
  onlineManager,
  type DehydratedState,
  type QueryClient,
} from '@tanstack/react-query';
import type { User } from '@common/schemas/auth';
import { onUnauthorized } from '@/lib/api-client';
import { keepOnlyMember, lastUser } from './last-user';
import { queryKeys } from '@/lib/query-keys';

// What the data screens last loaded, kept on this device per member, so that offline they show it
// (marked by the offline banner) instead of an error (docs/decisions/0055-pwa-and-offline-saves.md).
// TanStack Query's own dehydrate/hydrate do the (de)serialising; localStorage holds it, never a
// cache the service worker or another member could read; sign-out removes it (forgetCache).

const PREFIX = 'fitbench:cache:';
const MAX_AGE_MS = 7 * 86_400_000;
const WRITE_DELAY_MS = 1000;
const keyOf = (userId: number) => `${PREFIX}${userId}`;
const SESSION_PATH = '/api/session';

/** Removes what this device kept of a member's screens. */
export function forgetCache(userId: number): void {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // Storage disabled: nothing was kept.
  }
}

/**
 * Restores the last member's screens into `client`, marked stale so that each is asked again as it
 * opens (online), and keeps writing them back as they change. Queries wait while offline instead
 * of failing, and keep what they show.
 */
export function persistQueryCache(client: QueryClient): void {
  // TanStack Query assumes "online" until told otherwise; an app opened offline says so at once.
  if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);
  const member = lastUser();
  // Whose answers the client holds: the restored member's, until the server says who is signed in.
  let holder: number | null = null;
  if (member) {
    try {
      const raw = localStorage.getItem(keyOf(member.id));
      const saved = raw ? (JSON.parse(raw) as { at: number; state: DehydratedState }) : null;
      if (saved && Date.now() - saved.at < MAX_AGE_MS) {
        hydrate(client, saved.state);
        holder = member.id;
        void client.invalidateQueries({ refetchType: 'none' });
      }
    } catch {
      // A broken entry is only a cache: start without it.
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    const user = client.getQueryData<User | null>(queryKeys.user);
    // Signed out (or signing out: the device's record of the member goes first): keep nothing.
    if (!user || lastUser()?.id !== user.id) return;
    const state = dehydrate(client, {
      // Answers only; the user has its own record (last-user.ts); a query that holds a secret in
      // its key (a reset link's token) says `meta: { keep: false }`.
      shouldDehydrateQuery: (q) =>
        q.state.status === 'success' &&
        q.queryKey[0] !== queryKeys.user[0] &&
        q.meta?.keep !== false,
    });
    try {
      localStorage.setItem(keyOf(user.id), JSON.stringify({ at: Date.now(), state }));
    } catch {
      // Storage full: the screens still work online.
    }
  };
  // Each answer about who is signed in (a load, a sign-in or out here, a 401 asked again): what
  // the device and this page keep of anyone else goes (docs/decisions/0089-what-a-signed-out-device-keeps.md).
  const settle = (user: User | null) => {
    keepOnlyMember(user);
    const id = user?.id ?? null;
    if (holder !== null && holder !== id) {
      // Screens on show ask again anyway (restored answers are stale); the rest are dropped.
      client.removeQueries({
        predicate: (q) => q.queryKey[0] !== queryKeys.user[0] && q.getObserversCount() === 0,
      });
    }
    holder = id;
  };
  // A 401 anywhere may mean the session ended elsewhere: ask the server again who is signed in.
  onUnauthorized((path) => {
    if (path !== SESSION_PATH) void client.invalidateQueries({ queryKey: queryKeys.user });
  });
  client.getQueryCache().subscribe((event) => {
    if (
      event.type === 'updated' &&
      event.query.queryKey[0] === queryKeys.user[0] &&
      event.action.type === 'success'
    ) {
      settle((event.query.state.data as User | null | undefined) ?? null);
    }
    if (event.type !== 'updated' && event.type !== 'removed') return;
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  });
  // Leaving the page (or the app going to the background) writes at once what is waiting.
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    write();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
