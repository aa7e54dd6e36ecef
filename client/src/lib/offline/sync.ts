import { IDEMPOTENCY_KEY_HEADER } from '@common/workouts';
import { ApiError, request } from '@/lib/api-client';
import { settleClipOfSave } from './clips';
import { listQueued, markFailed, remove } from './outbox';

export interface SyncResult {
  sent: number;
  failed: number;
}

/** Whether an error means "no connection" (fetch rejects), as opposed to an answer from the server. */
export const isNetworkError = (err: unknown) => err instanceof TypeError;

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
      // 429 (too many saves) is not the save's fault: it waits for the next trigger like a 5xx.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429) {
        await markFailed(save.key, err.message);
        result.failed += 1;
        continue;
      }
      break;
    }
  }
  return result;
}
