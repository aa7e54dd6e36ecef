// Runs the recounts of proof clips (docs/decisions/0240-recounting-proof-clips.md): takes a job
// from the database queue (./recount-jobs.ts), decodes the kept clip with ffmpeg in the app's
// bounded pool of clip readers, measures the face in every frame on the face detection thread
// (server/src/lib/face-tracker.ts), and judges the count with the shared rep counter
// (common/recount.ts). At most `concurrency` clips at once on this instance.
import { sql } from 'drizzle-orm';
import { judgeRecount } from '@common/recount';
import type { RecountReasonCode } from '@common/recount-reasons';
import { CLIP_MAX_MS } from '@common/schemas/clips';
import { rowsOf, type Db } from '../../db/client';
import { ClipUnreadableError, decodeFrames } from '../../lib/clip-probe';
import { HttpError } from '../../lib/errors';
import type { FaceTracker } from '../../lib/face-tracker';
import type { WorkLimiter } from '../../lib/work-limiter';
import { readTrace } from './camera-traces';
import {
  claimRecount,
  finishRecount,
  refreshLock,
  retryLater,
  type ClaimedRecount,
} from './recount-jobs';

/** The recount's sampling: the proof clip's own rate (client/src/features/timer/utils/clip-recorder.ts). */
export const RECOUNT_FPS = 10;
const MAX_FRAMES = Math.ceil((CLIP_MAX_MS / 1000) * RECOUNT_FPS) + RECOUNT_FPS;
/** A job that failed this often for a reason of the server's own is ended as unreadable. */
const MAX_ATTEMPTS = 3;

export interface RecountDeps {
  db: Db;
  probes: WorkLimiter;
  tracker: FaceTracker;
  /** This process's name in locked_by. */
  instance: string;
  lockSeconds: number;
  concurrency: number;
  warn(message: string): void;
  /**
   * A set became verified: this process's cached boards go (other instances hear the database's
   * NOTIFY; on PGlite there are none, and no route's answer drops them for a job).
   */
  verified?(): void;
}

interface ClipToCount {
  tier: string;
  score: number;
  bytes: Buffer | Uint8Array | null;
  width: number | null;
  height: number | null;
}

async function readJob(db: Db, workoutId: number): Promise<ClipToCount | undefined> {
  const rows = await rowsOf<ClipToCount>(
    db,
    sql`select w.tier, w.score, c.bytes, c.width, c.height from workouts w
      left join workout_clips c on c.workout_id = w.id where w.id = ${workoutId}`,
  );
  return rows[0];
}

/** One claimed job to its end: a result written, or given back to be tried again. */
export async function recountOne(deps: RecountDeps, job: ClaimedRecount): Promise<void> {
  const { db, instance } = deps;
  const { workoutId } = job;
  const finish = (outcome: 'unreadable', code: RecountReasonCode) =>
    finishRecount(db, workoutId, instance, { outcome, serverCount: null, reason: { code } });
  const row = await readJob(db, workoutId);
  if (!row?.bytes || !row.width || !row.height) {
    await finish('unreadable', 'clip-gone');
    return;
  }
  const bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
  // A long recount on a busy machine keeps its lock, so no other instance takes it meanwhile.
  const beat = setInterval(
    () => void refreshLock(db, workoutId, instance).catch(() => undefined),
    (deps.lockSeconds * 1000) / 3,
  );
  beat.unref();
  try {
    const frames = await deps.probes.run(() =>
      decodeFrames(bytes, { width: row.width!, height: row.height! }, { maxFrames: MAX_FRAMES }),
    );
    const s = await deps.tracker.faceSizes(frames);
    const t = s.map((_, i) => Math.round((i * 1000) / frames.fps));
    const verdict = judgeRecount({ t, s }, row.score, await readTrace(db, workoutId));
    const written = await finishRecount(db, workoutId, instance, verdict);
    if (written && verdict.outcome === 'recounted') deps.verified?.();
  } catch (err) {
    if (err instanceof ClipUnreadableError) {
      await finish('unreadable', `clip-${err.problem}`);
    } else if (err instanceof HttpError && err.statusCode === 503) {
      // Every clip reader is busy with uploads: members go first, the recount waits.
      await retryLater(db, workoutId, instance, 15);
    } else if (job.attempts >= MAX_ATTEMPTS) {
      deps.warn(`recount of workout ${workoutId}: ${(err as Error).message}`);
      await finish('unreadable', 'clip-unread');
    } else {
      deps.warn(`recount of workout ${workoutId}: ${(err as Error).message}; tried again later`);
      await retryLater(db, workoutId, instance, 60 * job.attempts);
    }
  } finally {
    clearInterval(beat);
  }
}

/**
 * The recount queue's consumer on this instance: `drain()` takes jobs until none is waiting
 * (with at most `concurrency` at once); `start(pollMs)` drains on a timer and when kicked.
 */
export class RecountRunner {
  private running = 0;
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<number> | null = null;
  /** Not started (tests drain by hand), or stopped. */
  private stopped = true;
  private closing = false;

  constructor(private readonly deps: RecountDeps) {}

  get busy() {
    return this.running;
  }

  /** Recounts every waiting job it can claim; resolves with how many it ran. */
  drain(): Promise<number> {
    this.draining ??= this.drainAll().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async drainAll(): Promise<number> {
    let done = 0;
    const lane = async () => {
      while (!this.closing) {
        const job = await claimRecount(this.deps.db, this.deps.instance, this.deps.lockSeconds);
        if (!job) return;
        this.running += 1;
        try {
          await recountOne(this.deps, job);
          done += 1;
        } finally {
          this.running -= 1;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.deps.concurrency) }, lane));
    return done;
  }

  /** Looks at the queue every `pollMs` (and at once when kicked). */
  start(pollMs: number) {
    this.stopped = false;
    const tick = () => {
      void this.drain()
        .catch((err: unknown) => this.deps.warn(`recounts: ${(err as Error).message}`))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, pollMs).unref();
        });
    };
    tick();
  }

  /** A clip was just kept: look now rather than at the next poll. */
  kick() {
    if (!this.stopped) void this.drain().catch(() => undefined);
  }

  /** Stops taking jobs; the ones running finish (a job cut short is taken again after its lock). */
  async stop() {
    this.stopped = true;
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.draining?.catch(() => undefined);
  }
}
