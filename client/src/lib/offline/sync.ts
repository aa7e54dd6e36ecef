import { IDEMPOTENCY_KEY_HEADER } from '@common/workouts';
import { ApiError, request } from '@/lib/api-client';
import { settleClipOfSave } from './clips';
import {
  listQueued,
  listRequests,
  markFailed,
  markRequestFailed,
  remove,
  removeRequest,
  type QueuedRequest,
} from './outbox';

export interface SyncResult {
  sent: number;
  failed: number;
}

/** Whether an error means "no connection" (fetch rejects), as opposed to an answer from the server. */
export const isNetworkError = (err: unknown) => err instanceof TypeError;

/** 4xx but 429 (too many saves: not the save's fault, it waits like a 5xx): the server refused it. */
const refused = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429;

let running: Promise<SyncResult> | null = null;

/**
 * Sends the member's waiting saves, oldest first, each with its own idempotency key. 2xx: removed.
 * 4xx: kept with the server's message, for the member to see and retry. No connection or 5xx:
 * stop and try again on the next trigger. One run at a time per tab, and across tabs through a
 * Web Lock where the browser has it; the keys make a double send harmless anyway.
 */
export function syncOutbox(userId: number, { retryFailed = false } = {}): Promise<SyncResult> {
  running ??= withLock(() => sendAll(userId, retryFailed)).finally(() => {
    running = null;
  });
  return running;
}

function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('fitbench-outbox', fn) as Promise<T>) : fn();
}

async function sendAll(userId: number, retryFailed: boolean): Promise<SyncResult> {
  const result = { sent: 0, failed: 0 };
  for (const save of await listQueued(userId)) {
    if (save.error && !retryFailed) continue;
    try {
      const { data } = await request<{ id: number; verified: boolean }>('/api/workouts', {
        method: 'POST',
        body: save.body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: save.key },
      });
      await remove(save.key);
      result.sent += 1;
      // A camera set's proof clip waited with it (docs/decisions/0158-proof-clips-on-the-device.md).
      if (save.body.verification) await settleClipOfSave(save.key, data).catch(() => null);
    } catch (err) {
      if (refused(err)) {
        await markFailed(save.key, err.message);
        result.failed += 1;
        continue;
      }
      break;
    }
  }
  return result;
}

export interface RequestsResult extends SyncResult {
  /** What reached the server (or was found there already), in order. */
  settled: QueuedRequest[];
}

const runningRequests = new Map<string, Promise<RequestsResult>>();

/**
 * Sends the member's waiting requests of one kind (a plan session), by the rules of the saves
 * above: each with its own key as Idempotency-Key, 2xx (or an answer in `settledBy`) removes it,
 * a refusal keeps it with the server's message, no connection or 5xx waits for the next trigger.
 */
export function syncRequests(
  userId: number,
  kind: string,
  { retryFailed = false } = {},
): Promise<RequestsResult> {
  const id = `${userId} ${kind}`;
  let run = runningRequests.get(id);
  if (!run) {
    run = withLock(() => sendRequests(userId, kind, retryFailed)).finally(() => {
      runningRequests.delete(id);
    });
    runningRequests.set(id, run);
  }
  return run;
}

async function sendRequests(userId: number, kind: string, retryFailed: boolean) {
  const result: RequestsResult = { sent: 0, failed: 0, settled: [] };
  for (const queued of await listRequests(userId, kind)) {
    if (queued.error && !retryFailed) continue;
    try {
      await request(queued.path, {
        method: 'POST',
        body: queued.body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: queued.key },
      });
    } catch (err) {
      const settled = err instanceof ApiError && queued.settledBy?.includes(err.status);
      if (!settled) {
        if (!refused(err)) break;
        await markRequestFailed(queued.key, err.message.replace(/^\d+: /, ''));
        result.failed += 1;
        continue;
      }
    }
    await removeRequest(queued.key);
    result.sent += 1;
    result.settled.push(queued);
  }
  return result;
}
