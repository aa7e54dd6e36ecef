import { and, eq, sql } from 'drizzle-orm';
import {
  CLIP_CODECS,
  CLIP_MAX_BYTES,
  CLIP_MAX_FPS,
  CLIP_MAX_HEIGHT,
  CLIP_MAX_MS,
  CLIP_MAX_WIDTH,
  CLIP_MIN_FPS,
  CLIP_MIN_MS,
  type Clip,
} from '@common/schemas/clips';
import type { Db } from '../../db/client';
import { users, workoutClips, workouts } from '../../db/schema';
import {
  CLIP_PROBLEMS,
  ClipUnreadableError,
  probeClip,
  readClipHeader,
  remuxClip,
  type ClipFacts,
} from '../../lib/clip-probe';
import { say } from '@common/say';
import { HttpError, notFound, tooManyRequestsSaying } from '../../lib/errors';
import { currentLanguage } from '../../lib/i18n';
import * as rateLimit from '../../lib/rate-limit';
import type { WorkLimiter } from '../../lib/work-limiter';
import { dropQueuedRecount, queueRecount } from '../recounts';

type ClipRow = typeof workoutClips.$inferSelect;

const toDto = (row: Omit<ClipRow, 'bytes'> & { size: number }): Clip => ({
  workoutId: row.workoutId,
  codec: row.codec,
  width: row.width,
  height: row.height,
  frames: row.frames,
  durationMs: row.durationMs,
  bytes: row.size,
  createdAt: row.createdAt.toISOString(),
});

const unprocessable = (message: string) => new HttpError(422, message);

/** The most frames a run's clip can hold (its longest length at the highest rate). */
const CLIP_MAX_FRAMES = Math.ceil((CLIP_MAX_FPS * CLIP_MAX_MS) / 1000);
/** A re-muxed clip may come out slightly larger than the upload (its own headers and cues). */
const KEPT_MAX_BYTES = CLIP_MAX_BYTES + 64 * 1024;

// Refusals in the request's language (common/say.ts; msgids in server/src/locales), English as
// the code always wrote it. Seconds to one decimal, as the spec's English writes them.
const seconds = (ms: number) =>
  new Intl.NumberFormat(currentLanguage() === 'en' ? 'en-US' : currentLanguage(), {
    maximumFractionDigits: 1,
    useGrouping: false,
  }).format(Math.round(ms / 100) / 10);
const tooLarge = (c: { width: number; height: number }) =>
  say('The clip must be at most {maxWidth}x{maxHeight}, not {width}x{height}.', {
    maxWidth: String(CLIP_MAX_WIDTH),
    maxHeight: String(CLIP_MAX_HEIGHT),
    width: String(c.width),
    height: String(c.height),
  });
const notKept = (why: string) => say('{why} It is not kept.', { why });

/**
 * Why the container's header already rules the clip out (a size or a frame count no phone
 * records), or null: checked before any frame is decoded.
 */
export function headerMismatch(h: {
  codec: string;
  width: number;
  height: number;
  packets: number;
}): string | null {
  if (!(CLIP_CODECS as readonly string[]).includes(h.codec))
    return say('The clip must be VP8 or VP9 video, not {codec}.', { codec: String(h.codec) });
  if (h.width > CLIP_MAX_WIDTH || h.height > CLIP_MAX_HEIGHT) return tooLarge(h);
  if (h.packets > CLIP_MAX_FRAMES)
    return say("The clip has {frames} frames; a run's clip has at most {max}.", {
      frames: String(h.packets),
      max: String(CLIP_MAX_FRAMES),
    });
  return null;
}

/**
 * Reads an uploaded clip in three bounded steps (docs/decisions/0211-bounded-clip-intake.md): the
 * container's header (no decoding), every frame decoded with frames above the largest size
 * refused by the decoder itself, then the video stream re-muxed into the bytes that are kept.
 */
async function readUpload(bytes: Buffer): Promise<{ facts: ClipFacts; kept: Buffer }> {
  try {
    const header = await readClipHeader(bytes);
    const early = headerMismatch(header);
    if (early) throw unprocessable(notKept(early));
    const facts = await probeClip(bytes, { maxPixels: CLIP_MAX_WIDTH * CLIP_MAX_HEIGHT });
    const mismatch = clipMismatch(facts);
    if (mismatch) throw unprocessable(notKept(mismatch));
    return { facts, kept: await remuxClip(bytes, KEPT_MAX_BYTES) };
  } catch (err) {
    if (err instanceof ClipUnreadableError)
      throw unprocessable(notKept(say(CLIP_PROBLEMS[err.problem])));
    throw err;
  }
}

export interface ClipIntake {
  /** Bounds the reads running at once and waiting (beyond: 503 with Retry-After). */
  probes: WorkLimiter;
  /** Uploads one member may send in the window, kept or refused (beyond: 429). */
  limit: { max: number; windowMs: number };
  now: Date;
}

/** Why a decoded clip is not the run's, or null when it fits. */
export function clipMismatch(f: ClipFacts): string | null {
  if (!(CLIP_CODECS as readonly string[]).includes(f.codec))
    return say('The clip must be VP8 or VP9 video, not {codec}.', { codec: String(f.codec) });
  if (f.width > CLIP_MAX_WIDTH || f.height > CLIP_MAX_HEIGHT) return tooLarge(f);
  if (f.durationMs < CLIP_MIN_MS || f.durationMs > CLIP_MAX_MS)
    return say("The clip lasts {length} s; a run's clip lasts {min} s to {max} s.", {
      length: seconds(f.durationMs),
      min: seconds(CLIP_MIN_MS),
      max: seconds(CLIP_MAX_MS),
    });
  const fps = f.frames / (f.durationMs / 1000);
  if (fps < CLIP_MIN_FPS || fps > CLIP_MAX_FPS)
    return say(
      "The clip has {frames} frames in {length} s; a run's clip has {min} to {max} a second.",
      {
        frames: String(f.frames),
        length: seconds(f.durationMs),
        min: String(CLIP_MIN_FPS),
        max: String(CLIP_MAX_FPS),
      },
    );
  return null;
}

/**
 * Keeps the proof clip of one of the member's verified workouts (replacing an earlier one), once
 * it has been read and fits the run. 404 for another member's workout, 409 for a workout without
 * the camera mark, 422 with the reason for a clip that does not decode or does not fit, 429 past
 * the member's uploads in the window, 503 while every reader is busy and the queue is full.
 */
export async function putClip(
  db: Db,
  userId: number,
  workoutId: number,
  webm: string,
  intake: ClipIntake,
): Promise<Clip> {
  intake.probes.refuseIfFull();
  const [workout] = await db
    .select({ tier: workouts.tier })
    .from(workouts)
    .where(and(eq(workouts.id, workoutId), eq(workouts.userId, userId)));
  if (!workout) throw notFound('Workout not found.');
  if (workout.tier === 'entered')
    throw new HttpError(
      409,
      'Only a set saved with the Counted by camera mark can have a proof clip.',
    );
  const upload = Buffer.from(webm, 'base64');
  if (upload.length > CLIP_MAX_BYTES)
    throw unprocessable(`The clip must be at most ${CLIP_MAX_BYTES / 1024 / 1024} MB.`);
  const state = await rateLimit.hit(db, `clip-upload:${userId}`, intake.limit.windowMs, intake.now);
  if (state.count > intake.limit.max) {
    const after = rateLimit.retryAfterSeconds(state, intake.now);
    throw tooManyRequestsSaying(
      'You have sent many clips in a short time. Please try again in {minutes} minutes.',
      { minutes: Math.ceil(after / 60) },
      after,
    );
  }
  const { facts, kept: bytes } = await intake.probes.run(() => readUpload(upload));
  const values = { workoutId, userId, bytes, ...facts };
  const row = await db.transaction(async (tx) => {
    // A recounted set whose clip is replaced is camera-counted until the new clip is recounted:
    // the tier is the recounted clip's.
    await tx
      .update(workouts)
      .set({ tier: 'camera-counted', verified: false })
      .where(
        and(
          eq(workouts.id, workoutId),
          eq(workouts.tier, 'recounted'),
          sql`exists (select 1 from workout_clips c where c.workout_id = ${workoutId})`,
        ),
      );
    const [kept] = await tx
      .insert(workoutClips)
      .values(values)
      .onConflictDoUpdate({
        target: workoutClips.workoutId,
        set: { ...facts, bytes, createdAt: new Date() },
      })
      .returning();
    // The server counts the reps again from the clip it keeps, on some instance, soon.
    await queueRecount(tx, workoutId);
    return kept;
  });
  const { bytes: kept, ...rest } = row!;
  return toDto({ ...rest, size: kept.length });
}

/**
 * The clip's bytes, for its owner and moderators, or for anyone when the owner lets clips be public
 * and is neither private nor suspended and the set is not hidden; otherwise null (the same answer
 * as no clip: its existence is not revealed).
 */
export async function getClipBytes(
  db: Db,
  workoutId: number,
  viewerId: number | null,
  viewerIsModerator = false,
): Promise<Buffer | null> {
  const [row] = await db
    .select({
      bytes: workoutClips.bytes,
      ownerId: workoutClips.userId,
      clipsPublic: users.clipsPublic,
      isPrivate: users.isPrivate,
      shown: sql<boolean>`${users.suspendedAt} is null and not exists (select 1 from hidden_workouts h where h.workout_id = ${workoutClips.workoutId})`,
    })
    .from(workoutClips)
    .innerJoin(users, eq(users.id, workoutClips.userId))
    .where(eq(workoutClips.workoutId, workoutId));
  if (!row) return null;
  const mayWatch =
    row.ownerId === viewerId ||
    viewerIsModerator ||
    (row.clipsPublic && !row.isPrivate && row.shown);
  return mayWatch ? Buffer.from(row.bytes) : null;
}

/** Deletes the member's clip of a workout; false when there was none. */
export async function deleteClip(db: Db, userId: number, workoutId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(workoutClips)
      .where(and(eq(workoutClips.workoutId, workoutId), eq(workoutClips.userId, userId)))
      .returning({ id: workoutClips.workoutId });
    // A recount not yet done has nothing to count.
    if (gone.length > 0) await dropQueuedRecount(tx, workoutId);
    return gone.length > 0;
  });
}

/** Every clip of a member, for the data export (bytes as base64). */
export async function exportClips(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(workoutClips)
    .where(eq(workoutClips.userId, userId))
    .orderBy(workoutClips.workoutId);
  return rows.map(({ bytes, ...rest }) => ({
    ...toDto({ ...rest, size: bytes.length }),
    webm: Buffer.from(bytes).toString('base64'),
  }));
}
