import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CreateWorkoutInput } from '@common/schemas/workouts';

// Workouts saved without a connection wait here, per member, with the idempotency key made for the
// save (docs/decisions/0055-pwa-and-offline-saves.md); other saves (a plan session) beside them. Loaded lazily: only a failed save, a sync
// or a sign-out imports this module (and idb).

export interface QueuedSave {
  /** The save's idempotency key: a resend after a lost answer can never create a second workout. */
  key: string;
  userId: number;
  /** The save's body, with the set's time fixed when it was queued. */
  body: CreateWorkoutInput & { createdAt: string };
  queuedAt: string;
  /** Set when the server refused the save (4xx): shown to the member and kept for a retry. */
  error?: string;
}

/**
 * Any other save made offline (a plan session), waiting beside the workouts: a POST to `path` with
 * `body`, sent with `key` as its Idempotency-Key (docs/decisions/0312-plan-sessions-in-the-outbox.md).
 */
export interface QueuedRequest {
  /** The save's idempotency key, also its key on the device: queued twice, it is one entry. */
  key: string;
  userId: number;
  /** What it is, for the feature that shows it ('plan-session'). */
  kind: string;
  /** Where it goes: POST to this path of the API. */
  path: string;
  body: unknown;
  /** What the feature needs to show it (a plan session's plan and session ids). */
  about: Record<string, number | string>;
  /** Answers that mean the server has it already (a plan session recorded elsewhere: 409). */
  settledBy?: number[];
  queuedAt: string;
  /** Set when the server refused it (4xx): shown to the member and kept for a retry. */
  error?: string;
}

interface OutboxDb extends DBSchema {
  saves: { key: string; value: QueuedSave; indexes: { byUser: number } };
  requests: { key: string; value: QueuedRequest; indexes: { byUser: number } };
}

const DB_NAME = 'fitbench-outbox';
const STORES = ['saves', 'requests'] as const;
let dbPromise: Promise<IDBPDatabase<OutboxDb>> | undefined;

function db() {
  dbPromise ??= openDB<OutboxDb>(DB_NAME, 2, {
    upgrade(database, oldVersion) {
      // Version 1 had the workouts' store alone; 2 adds the other saves' (a device keeps its queue).
      if (oldVersion < 1)
        database.createObjectStore('saves', { keyPath: 'key' }).createIndex('byUser', 'userId');
      if (oldVersion < 2)
        database.createObjectStore('requests', { keyPath: 'key' }).createIndex('byUser', 'userId');
    },
  });
  return dbPromise;
}

export async function enqueue(save: QueuedSave): Promise<void> {
  await (await db()).put('saves', save);
}

/** A member's waiting saves, oldest first. */
export async function listQueued(userId: number): Promise<QueuedSave[]> {
  const rows = await (await db()).getAllFromIndex('saves', 'byUser', userId);
  return rows.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export async function markFailed(key: string, error: string): Promise<void> {
  const d = await db();
  const row = await d.get('saves', key);
  if (row) await d.put('saves', { ...row, error });
}

export async function remove(key: string): Promise<void> {
  await (await db()).delete('saves', key);
}

export async function enqueueRequest(request: QueuedRequest): Promise<void> {
  await (await db()).put('requests', request);
}

/** A member's waiting requests of one kind, oldest first. */
export async function listRequests(userId: number, kind: string): Promise<QueuedRequest[]> {
  const rows = await (await db()).getAllFromIndex('requests', 'byUser', userId);
  return rows.filter((r) => r.kind === kind).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export async function markRequestFailed(key: string, error: string): Promise<void> {
  const d = await db();
  const row = await d.get('requests', key);
  if (row) await d.put('requests', { ...row, error });
}

export async function removeRequest(key: string): Promise<void> {
  await (await db()).delete('requests', key);
}

/** Whether anything of this member waits: a workout or another save. */
export async function hasQueued(userId: number): Promise<boolean> {
  const d = await db();
  for (const store of STORES)
    if ((await d.countFromIndex(store, 'byUser', userId)) > 0) return true;
  return false;
}

/** Another member signed in: nobody else's waiting saves stay readable on this device. */
export async function clearAllBut(userId: number): Promise<void> {
  const d = await db();
  const tx = d.transaction(STORES, 'readwrite');
  for (const name of STORES) {
    const store = tx.objectStore(name);
    for (const row of await store.getAll()) {
      if (row.userId !== userId) await store.delete(row.key);
    }
  }
  await tx.done;
}

/** Signed out elsewhere: saves queued before `before` (ms) could no longer be sent, so they go. */
export async function dropOlderThan(before: number): Promise<void> {
  const d = await db();
  const tx = d.transaction(STORES, 'readwrite');
  for (const name of STORES) {
    const store = tx.objectStore(name);
    for (const row of await store.getAll()) {
      const at = Date.parse(row.queuedAt);
      if (!(at >= before)) await store.delete(row.key);
    }
  }
  await tx.done;
}

/** Sign-out: nothing of this member stays on the device. */
export async function clearMember(userId: number): Promise<void> {
  const d = await db();
  const tx = d.transaction(STORES, 'readwrite');
  for (const name of STORES) {
    const store = tx.objectStore(name);
    for (const key of await store.index('byUser').getAllKeys(userId)) await store.delete(key);
  }
  await tx.done;
}
