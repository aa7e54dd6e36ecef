import type { User } from '@common/schemas/auth';
import {
  DEVICE_SETTINGS,
  keysOf,
  LAST_USER_KEY,
  lastUser,
  PREFIX,
  storages,
} from './member-record';

// The signed-in member as last answered by the server, so that the app opens offline (timer, log
// workout) instead of sending the member to sign in. Removed on sign-out and on any 401. The record
// and the device settings are ./member-record.ts, which the first script reads.
export { DEVICE_SETTINGS, lastUser };
const outboxFlag = (userId: number) => `${PREFIX}outbox:${userId}`;
const OUTBOX_FLAG = /^fitbench:outbox:(\d+)$/;
// A key that ends in `:<id>` holds that member's data (the kept screens, fitbench:cache:<id>).
const MEMBER_SCOPED = /:(\d+)$/;

/** How long a signed-out member's unsent saves stay: the server refuses older sets anyway. */
export const QUEUED_SAVE_MAX_AGE_MS = 7 * 86_400_000;

/**
 * The server's answer about who is signed in on this device (null: nobody). Keeps only what is
 * that member's, then records them.
 */
export function rememberUser(user: User | null): void {
  keepOnlyMember(user);
  try {
    if (user) localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // Storage full or disabled: the app still works online.
  }
}

/**
 * Removes from this device every personal `fitbench:` key that is not `user`'s (user null: every
 * one), in localStorage and sessionStorage, so that a sign-out made elsewhere (another device,
 * a password change, expiry, a deleted account) leaves nothing readable here once the server has
 * said so. Keys without a member id (the last-user record, a screen's state) count as the member
 * of the last-user record. Saves waiting to be sent (IndexedDB) are the exception: a member
 * signed out elsewhere keeps them for a while, so signing back in sends them; anyone else signing
 * in drops them. docs/decisions/0089-what-a-signed-out-device-keeps.md
 */
export function keepOnlyMember(user: Pick<User, 'id'> | null): void {
  const previous = lastUser();
  const sameMember = user !== null && (previous === null || previous.id === user.id);
  const queuedOf = new Set<number>();
  for (const storage of storages()) {
    try {
      for (const key of keysOf(storage)) {
        if (DEVICE_SETTINGS.has(key)) continue;
        const flag = OUTBOX_FLAG.exec(key);
        if (flag) {
          queuedOf.add(Number(flag[1]));
          continue;
        }
        if (user === null) {
          storage.removeItem(key);
          continue;
        }
        const scoped = MEMBER_SCOPED.exec(key);
        const owner = scoped ? Number(scoped[1]) : sameMember ? user.id : null;
        if (owner !== user.id) storage.removeItem(key);
      }
    } catch {
      // A storage that fails to list or remove kept nothing this app could read back either.
    }
  }
  const others = [...queuedOf].filter((id) => id !== user?.id);
  // The member this device last knew is no longer the one signed in (a sign-out elsewhere, or
  // someone else now): what a sign-out here would also take goes (forget-member.ts).
  const gone = previous !== null && previous.id !== user?.id;
  if (others.length > 0) void forgetQueued(user, others).catch(() => undefined);
  if (others.length > 0 || gone) void forgetClipsAndCaches(user).catch(() => undefined);
}

/** Queued saves of members other than `user`: all dropped when someone signs in, old ones otherwise. */
async function forgetQueued(user: Pick<User, 'id'> | null, memberIds: number[]) {
  const { clearAllBut, dropOlderThan, hasQueued } = await import('./outbox');
  if (user) await clearAllBut(user.id);
  else await dropOlderThan(Date.now() - QUEUED_SAVE_MAX_AGE_MS);
  for (const id of memberIds) {
    if (!(await hasQueued(id))) setMayHaveQueued(id, false);
  }
}

/**
 * Proof clips (a video of the member) of anyone but `user`, and any Cache Storage but the app
 * shell's, as a sign-out on the device takes them: unlike a waiting save, a clip is not the set
 * itself, and a set sent later without its clip keeps its camera count
 * (docs/decisions/0196-offline-saves-without-a-worker-and-remote-sign-out.md).
 */
async function forgetClipsAndCaches(user: Pick<User, 'id'> | null) {
  const { clearClipsOfAllBut } = await import('./clips');
  await clearClipsOfAllBut(user?.id ?? null);
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) {
    if (!name.startsWith('workbox-precache')) await caches.delete(name);
  }
}

/** Whether this member may have saves waiting (a flag, so that app start imports IndexedDB code only then). */
export function mayHaveQueued(userId: number): boolean {
  try {
    return localStorage.getItem(outboxFlag(userId)) !== null;
  } catch {
    return true;
  }
}

export function setMayHaveQueued(userId: number, value: boolean): void {
  try {
    if (value) localStorage.setItem(outboxFlag(userId), '1');
    else localStorage.removeItem(outboxFlag(userId));
  } catch {
    // See rememberUser.
  }
}
