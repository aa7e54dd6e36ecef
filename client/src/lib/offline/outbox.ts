import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CreateWorkoutInput } from '@common/schemas/workouts';

// Workouts saved without a connection wait here, per member, with the idempotency key made for the
// save (docs/decisions/0055-pwa-and-offline-saves.md). Loaded lazily: only a failed save, a sync
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

interface OutboxDb extends DBSchema {
  saves: { key: string; value: QueuedSave; indexes: { byUser: number } };
}

const DB_NAME = 'fitbench-outbox';
let dbPromise: Promise<IDBPDatabase<OutboxDb>> | undefined;

function db() {
  dbPromise ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(database) {
      const store = database.createObjectStore('saves', { keyPath: 'key' });
      store.createIndex('byUser', 'userId');
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

export async function hasQueued(userId: number): Promise<boolean> {
  return (await (await db()).countFromIndex('saves', 'byUser', userId)) > 0;
}

/** Another member signed in: nobody else's waiting saves stay readable on this device. */
export async function clearAllBut(userId: number): Promise<void> {
  const d = await db();
  const tx = d.transaction('saves', 'readwrite');
  for (const save of await tx.store.getAll()) {
    if (save.userId !== userId) await tx.store.delete(save.key);
  }
  await tx.done;
}

/** Signed out elsewhere: saves queued before `before` (ms) could no longer be sent, so they go. */
export async function dropOlderThan(before: number): Promise<void> {
  const d = await db();
  const tx = d.transaction('saves', 'readwrite');
  for (const save of await tx.store.getAll()) {
    const at = Date.parse(save.queuedAt);
    if (!(at >= before)) await tx.store.delete(save.key);
  }
  await tx.done;
}

/** Sign-out: nothing of this member stays on the device. */
export async function clearMember(userId: number): Promise<void> {
  const d = await db();
  const tx = d.transaction('saves', 'readwrite');
  for (const key of await tx.store.index('byUser').getAllKeys(userId)) await tx.store.delete(key);
  await tx.done;
}
