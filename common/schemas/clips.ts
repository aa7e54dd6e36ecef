import { z } from 'zod';
import { CAMERA_RUN_SECONDS } from '../challenges';

// Proof clips: the small WebM a device records during a camera run, uploaded after a verified
// save (docs/decisions/0121-proof-clips.md).

/** A clip is at most 1 MB (160x120 at 10 frames a second for 90 s takes well under it). */
export const CLIP_MAX_BYTES = 1024 * 1024;
/** Base64 of CLIP_MAX_BYTES. */
export const CLIP_MAX_BASE64 = Math.ceil(CLIP_MAX_BYTES / 3) * 4;
/** The largest frame kept (the device records about 160x120). */
export const CLIP_MAX_WIDTH = 320;
export const CLIP_MAX_HEIGHT = 240;
/** The clip covers the run: from "Go" to the end, give or take a few seconds. */
export const CLIP_MIN_MS = (CAMERA_RUN_SECONDS - 10) * 1000;
export const CLIP_MAX_MS = (CAMERA_RUN_SECONDS + 2) * 1000;
/** Frames a second over the clip (recorded at 10; a busy device drops some). */
export const CLIP_MIN_FPS = 5;
export const CLIP_MAX_FPS = 15;
export const CLIP_CODECS = ['vp8', 'vp9'] as const;
export const CLIP_MIME = 'video/webm';

export const clipUploadSchema = z
  .object({
    /** The WebM file, base64-encoded. */
    webm: z
      .string({ error: 'webm must be the clip, base64-encoded' })
      .min(1, 'webm must not be empty')
      .max(CLIP_MAX_BASE64, `The clip must be at most ${CLIP_MAX_BYTES / 1024 / 1024} MB`)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'webm must be base64'),
  })
  .strict();
export type ClipUpload = z.infer<typeof clipUploadSchema>;

export const clipSchema = z.object({
  workoutId: z.number().int(),
  codec: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  frames: z.number().int(),
  durationMs: z.number().int(),
  bytes: z.number().int(),
  createdAt: z.string(),
});
export type Clip = z.infer<typeof clipSchema>;

/** A clip in the data export: its facts and the file itself. */
export const exportedClipSchema = clipSchema.extend({
  webm: z.string().describe('The WebM file, base64-encoded.'),
});
