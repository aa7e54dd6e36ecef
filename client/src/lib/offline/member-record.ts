import type { User } from '@common/schemas/auth';

// Who was last signed in on this device, and whether the device keeps anything of a member: all
// the first script reads of what a device keeps (features/auth/api/get-user.ts). What it keeps and
// forgets of a member is ./last-user.ts, whose code loads only when there is something to keep or
// forget (docs/decisions/0310-the-first-script-trimmed.md).

/** The signed-in member as last answered by the server (./last-user.ts keeps it). */
export const LAST_USER_KEY = 'fitbench:last-user';
export const PREFIX = 'fitbench:';

/**
 * The only `fitbench:` keys that are the device's, not a member's: settings of whoever holds the
 * phone. Every other `fitbench:` key in localStorage or sessionStorage is treated as personal and
 * removed once the server says its member is no longer signed in here
 * (docs/decisions/0089-what-a-signed-out-device-keeps.md). A new device setting is added here.
 */
export const DEVICE_SETTINGS: ReadonlySet<string> = new Set([
  'fitbench:timer-muted',
  'fitbench:theme',
  // Which challenges the server last said are open (lib/challenges.ts): the same for everyone.
  'fitbench:open-challenges',
]);

export function lastUser(): User | null {
  try {
    const raw = localStorage.getItem(LAST_USER_KEY);
    const parsed = raw ? (JSON.parse(raw) as User) : null;
    return parsed && typeof parsed.id === 'number' && typeof parsed.username === 'string'
      ? parsed
      : null;
  } catch {
    return null;
  }
}

export function keysOf(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

export function storages(): Storage[] {
  const found: Storage[] = [];
  for (const get of [() => localStorage, () => sessionStorage]) {
    try {
      found.push(get());
    } catch {
      // Storage disabled: nothing was kept in it.
    }
  }
  return found;
}

/**
 * Whether this device keeps anything of a member: a `fitbench:` key that is not a device setting
 * (the last-user record, an outbox flag, kept screens), in localStorage or sessionStorage. When
 * not, and nobody is signed in, there is nothing to keep or forget.
 */
export function keepsMemberData(): boolean {
  return storages().some((storage) => {
    try {
      return keysOf(storage).some((key) => !DEVICE_SETTINGS.has(key));
    } catch {
      // A storage that fails to list may hold anything: look.
      return true;
    }
  });
}
