import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { CLIP_MAX_BYTES } from '@common/schemas/clips';
import { ApiError, request } from '@/lib/api-client';

// The proof clip of a camera run waits here, on the device, from the end of the run until the
// server has kept it (docs/decisions/0158-proof-clips-on-the-device.md). Nothing leaves the device
// unless the set is saved with the Counted by camera mark. Loaded lazily, as the outbox is.

export interface PendingClip {
  /** Made at the end of the run; the unsaved set (sessionStorage) names its clip by it. */
  id: string;
  webm: Blob;
  /** Date.now() at the end of the run. */
  recordedAt: number;
  /** Set at the save: whose set, and the save's idempotency key (the outbox's key when queued). */
  userId?: number;
  saveKey?: string;
  /** Once the server has answered the save with a camera-counted workout. */
  workoutId?: number;
}

interface ClipsDb extends DBSchema {
  clips: { key: string; value: PendingClip; indexes: { bySaveKey: string } };
}

/** A clip no save took within this time is thrown away (the set was left unsaved). */
export const UNSAVED_CLIP_MAX_AGE_MS = 2 * 86_400_000;

let dbPromise: Promise<IDBPDatabase<ClipsDb>> | undefined;
function db() {
  dbPromise ??= openDB<ClipsDb>('fitbench-clips', 1, {
    upgrade(database) {
      database.createObjectStore('clips', { keyPath: 'id' }).createIndex('bySaveKey', 'saveKey');
    },
  });
  return dbPromise;
}

// Clips being written: a save tapped the moment the run ends waits for its clip.
const writing = new Map<string, Promise<void>>();

/**
 * Keeps a run's clip (once the recorder has given it) until its set is saved or thrown away. Too
 * large a clip is not kept.
 */
export function keepClip(id: string, webm: Promise<Blob | null>): Promise<void> {
  const write = (async () => {
    const blob = await webm;
    if (!blob || blob.size === 0 || blob.size > CLIP_MAX_BYTES) return;
    await (await db()).put('clips', { id, webm: blob, recordedAt: Date.now() });
  })()
    .catch(() => undefined)
    .finally(() => writing.delete(id));
  writing.set(id, write);
  return write;
}

export async function dropClip(id: string): Promise<void> {
  await writing.get(id);
  await (await db()).delete('clips', id);
}

/** The save is about to be sent with this key: the clip goes with that save from now on. */
export async function bindClip(id: string, userId: number, saveKey: string): Promise<boolean> {
  await writing.get(id);
  const d = await db();
  const clip = await d.get('clips', id);
  if (!clip) return false;
  await d.put('clips', { ...clip, userId, saveKey, workoutId: undefined });
  return true;
}

/** Every clip of a member, kept or waiting (sign-out takes them). */
export async function clearMemberClips(userId: number | undefined): Promise<void> {
  const d = await db();
  for (const clip of await d.getAll('clips')) {
    if (clip.userId === undefined || clip.userId === userId) await d.delete('clips', clip.id);
  }
}

/**
 * The session ended elsewhere or another member signed in: every clip not of `userId` goes (null:
 * every clip, those not yet bound to a save included), as a sign-out on the device takes them.
 * Clips not yet bound stay while someone is signed in: they are that member's run just ended.
 */
export async function clearClipsOfAllBut(userId: number | null): Promise<void> {
  const d = await db();
  for (const clip of await d.getAll('clips')) {
    if (userId === null || (clip.userId !== undefined && clip.userId !== userId))
      await d.delete('clips', clip.id);
  }
}

function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The clip could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** What became of an upload: kept by the server, refused (dropped), or to try again later. */
export type UploadOutcome = 'kept' | 'refused' | 'later';

async function upload(clip: PendingClip & { workoutId: number }): Promise<UploadOutcome> {
  try {
    // PUT replaces: a retry after a lost answer is harmless (docs/decisions/0121-proof-clips.md).
    await request(`/api/workouts/${clip.workoutId}/clip`, {
      method: 'PUT',
      body: { webm: await base64Of(clip.webm) },
    });
  } catch (err) {
    // 4xx but 429: the server will not take this clip (not decodable, the set gone): no retry.
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429) {
      await dropClip(clip.id);
      return 'refused';
    }
    return 'later';
  }
  await dropClip(clip.id);
  return 'kept';
}

/**
 * Whether the server took the camera's count of a save sent with a trace: a camera-counted set
 * is not verified until the server has recounted its clip (docs/decisions/0240-recounting-proof-clips.md),
 * so the answer without a note about the trace (or with a tier above 'entered') is the sign.
 */
export function takesClip(saved: {
  verified: boolean;
  verificationNote?: string;
  tier?: string;
}): boolean {
  if (saved.tier !== undefined) return saved.tier !== 'entered';
  return saved.verified || !saved.verificationNote;
}

/**
 * The server answered the save sent with `saveKey` (a save with a camera trace): a camera-counted
 * workout takes its clip (uploaded now, or later if that fails); any other answer means no clip
 * is wanted.
 */
export async function settleClipOfSave(
  saveKey: string,
  saved: { id: number; verified: boolean; verificationNote?: string; tier?: string },
): Promise<UploadOutcome | null> {
  const d = await db();
  const clip = await d.getFromIndex('clips', 'bySaveKey', saveKey);
  if (!clip) return null;
  if (!takesClip(saved) || saved.id <= 0) {
    await dropClip(clip.id);
    return 'refused';
  }
  const bound = { ...clip, workoutId: saved.id };
  await d.put('clips', bound);
  return upload(bound);
}

/**
 * Sends the member's clips whose saves the server answered (after a failed upload or a reload),
 * and throws away clips no save took in time. `waiting`: some clip is still to be sent.
 */
export async function resumeClipUploads(
  userId: number,
  now = Date.now(),
): Promise<{ waiting: boolean; kept: number }> {
  const d = await db();
  let waiting = false;
  let kept = 0;
  for (const clip of await d.getAll('clips')) {
    if (clip.workoutId !== undefined && clip.userId === userId) {
      const outcome = await upload({ ...clip, workoutId: clip.workoutId });
      if (outcome === 'later') waiting = true;
      if (outcome === 'kept') kept += 1;
    } else if (clip.workoutId === undefined && now - clip.recordedAt > UNSAVED_CLIP_MAX_AGE_MS) {
      await dropClip(clip.id);
    } else if (clip.userId === userId && clip.saveKey !== undefined) {
      // Bound to a save still on its way (the outbox sends it, then settles the clip).
      waiting = true;
    }
  }
  return { waiting, kept };
}
