import type { User } from '@common/schemas/auth';

// The signed-in member as last answered by the server, so that the app opens offline (timer, log
// workout) instead of sending the member to sign in. Removed on sign-out and on any 401.
const KEY = 'fitbench:last-user';
const outboxFlag = (userId: number) => `fitbench:outbox:${userId}`;

export function rememberUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(KEY, JSON.stringify(user));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or disabled: the app still works online.
  }
}

export function lastUser(): User | null {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as User) : null;
    return parsed && typeof parsed.id === 'number' && typeof parsed.username === 'string' ? parsed : null;
  } catch {
    return null;
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
