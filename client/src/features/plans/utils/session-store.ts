import { z } from 'zod';

// A session in progress lives in sessionStorage (this tab only), as a run does
// (client/src/features/timer/utils/saved-set.ts): a reload goes on from the same set, rest or hold.

const progressSchema = z.object({
  sessionId: z.number().int(),
  /** The set the member is on (0-based); = sets.length when all are done. */
  index: z.number().int().min(0).max(50),
  /** What the screen shows: ready for the set, holding (until `endsAt`), resting (until `endsAt`). */
  phase: z.enum(['ready', 'hold', 'rest']),
  endsAt: z.number().finite().nullable(),
  /** What was done, set by set, so far. */
  done: z.array(z.number().int().min(0).max(100_000)).max(50),
  /** The save's idempotency key, made at the first Save and kept: a second Save is the same save. */
  key: z.string().max(64).optional(),
  /** Saved offline: waiting in the device's outbox (features/plans/api/record-session.ts). */
  queued: z.boolean().optional(),
});
export type SessionProgress = z.infer<typeof progressSchema>;

export const progressKey = (userId: number) => `fitbench:plan-session:${userId}`;

export function readProgress(key: string, sessionId: number): SessionProgress | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    const parsed = progressSchema.safeParse(raw ? JSON.parse(raw) : null);
    return parsed.success && parsed.data.sessionId === sessionId ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeProgress(key: string, progress: SessionProgress | null) {
  try {
    if (progress) window.sessionStorage.setItem(key, JSON.stringify(progress));
    else window.sessionStorage.removeItem(key);
  } catch {
    // Storage blocked: the session still runs, only a reload would start it again.
  }
}
