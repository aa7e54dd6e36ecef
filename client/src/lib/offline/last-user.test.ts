import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The IndexedDB half runs in the browser (e2e/signed-out-elsewhere.spec.ts); here, what it is asked.
const outbox = vi.hoisted(() => ({
  clearAllBut: vi.fn(async () => undefined),
  dropOlderThan: vi.fn(async () => undefined),
  // Member 1 has a recent save waiting; nobody else has any.
  hasQueued: vi.fn(async (id: number) => id === 1),
}));
vi.mock('./outbox', () => outbox);
const clips = vi.hoisted(() => ({ clearClipsOfAllBut: vi.fn(async () => undefined) }));
vi.mock('./clips', () => clips);

const { keepOnlyMember, lastUser, rememberUser, QUEUED_SAVE_MAX_AGE_MS } =
  await import('./last-user');

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
  keys() {
    return [...this.map.keys()].sort();
  }
}

let local: MemoryStorage;
let session: MemoryStorage;
const user = (id: number) =>
  ({ id, username: `m${id}` }) as Parameters<typeof rememberUser>[0] & object;
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  local.setItem('fitbench:last-user', JSON.stringify(user(1)));
  local.setItem('fitbench:cache:1', '{"notes":"mine"}');
  local.setItem('fitbench:cache:2', '{"notes":"theirs"}');
  local.setItem('fitbench:timer-muted', '1');
  local.setItem('fitbench:theme', 'dark');
  local.setItem('other-app', 'x');
  session.setItem('fitbench:run', '{"taps":8}');
  for (const fn of Object.values(outbox)) fn.mockClear();
  clips.clearClipsOfAllBut.mockClear();
});

afterEach(() => vi.unstubAllGlobals());

describe('keepOnlyMember', () => {
  it('signed out: every personal key goes, device settings and other apps stay', async () => {
    rememberUser(null);
    await flush();
    expect(local.keys()).toEqual(['fitbench:theme', 'fitbench:timer-muted', 'other-app']);
    expect(session.keys()).toEqual([]);
    expect(lastUser()).toBeNull();
    expect(outbox.clearAllBut).not.toHaveBeenCalled();
  });

  it('the same member: their keys stay, another member’s kept screens go', () => {
    rememberUser(user(1));
    expect(local.keys()).toEqual([
      'fitbench:cache:1',
      'fitbench:last-user',
      'fitbench:theme',
      'fitbench:timer-muted',
      'other-app',
    ]);
    expect(session.keys()).toEqual(['fitbench:run']);
  });

  it('another member: the previous member’s keys, those without an id included, go', () => {
    keepOnlyMember(user(2));
    expect(local.keys()).toEqual([
      'fitbench:cache:2',
      'fitbench:theme',
      'fitbench:timer-muted',
      'other-app',
    ]);
    expect(session.keys()).toEqual([]);
  });

  it('waiting saves: another member signing in drops them, signed out drops only old ones', async () => {
    local.setItem('fitbench:outbox:1', '1');
    local.setItem('fitbench:outbox:3', '1');
    rememberUser(null);
    await flush();
    // Flags stay while saves may wait; the old saves are dropped.
    expect(local.keys()).toContain('fitbench:outbox:1');
    expect(outbox.dropOlderThan).toHaveBeenCalledOnce();
    const [before] = outbox.dropOlderThan.mock.calls[0] as unknown as [number];
    expect(Date.now() - before).toBeGreaterThanOrEqual(QUEUED_SAVE_MAX_AGE_MS);
    expect(Date.now() - before).toBeLessThan(QUEUED_SAVE_MAX_AGE_MS + 5000);
    expect(local.keys()).not.toContain('fitbench:outbox:3');

    outbox.hasQueued.mockResolvedValueOnce(false);
    keepOnlyMember(user(3));
    await flush();
    expect(outbox.clearAllBut).toHaveBeenCalledWith(3);
    expect(local.keys()).not.toContain('fitbench:outbox:1');
  });

  it('the signed-in member’s own waiting saves are left alone', async () => {
    local.setItem('fitbench:outbox:1', '1');
    rememberUser(user(1));
    await flush();
    expect(outbox.clearAllBut).not.toHaveBeenCalled();
    expect(outbox.dropOlderThan).not.toHaveBeenCalled();
    expect(local.keys()).toContain('fitbench:outbox:1');
  });

  it('signed out elsewhere: the member’s proof clips go, as a sign-out here takes them', async () => {
    rememberUser(null);
    await flush();
    expect(clips.clearClipsOfAllBut).toHaveBeenCalledWith(null);
  });

  it('another member signs in: the previous member’s clips go, not the new member’s', async () => {
    keepOnlyMember(user(2));
    await flush();
    expect(clips.clearClipsOfAllBut).toHaveBeenCalledWith(2);
  });

  it('the same member, or a visitor on a device nobody signed in on: no clip is touched', async () => {
    rememberUser(user(1));
    await flush();
    local.removeItem('fitbench:last-user');
    keepOnlyMember(null);
    await flush();
    expect(clips.clearClipsOfAllBut).not.toHaveBeenCalled();
  });
});
