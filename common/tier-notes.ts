import { z } from 'zod';
import { say } from './say.ts';

/**
 * Where a member's own set stands on its way up the tiers (common/tiers.ts), in words
 * (docs/decisions/0244-tiers-shown-and-reviewed.md):
 * - in-review: recounted and in the top three of a Verified board; a moderator will watch the clip;
 * - recounting: the server's recount of the proof clip is queued or running;
 * - not-recounted: the recount ended without the same count (the reason says why);
 * - refused: a moderator watched the clip and refused it (their reason).
 */
export const TIER_NOTE_KINDS = ['in-review', 'recounting', 'not-recounted', 'refused'] as const;
export type TierNoteKind = (typeof TIER_NOTE_KINDS)[number];
export const tierNoteSchema = z.object({
  kind: z.enum(TIER_NOTE_KINDS),
  /** The sentence the member reads. */
  text: z.string(),
});
export type TierNote = z.infer<typeof tierNoteSchema>;

// The two constant sentences are English msgids of common/locales/ (the server says them per request).
export const IN_REVIEW_TEXT =
  'In review: this set is in the top three of a Verified board, and a moderator will watch its proof clip.';
export const RECOUNTING_TEXT = 'FitBench is counting the reps again from the proof clip.';
export const notRecountedText = (reason: string | null) =>
  reason === null
    ? say('Not recounted: the server could not count the same reps from the proof clip.')
    : say('Not recounted: {reason}', { reason });
export const refusedText = (reason: string) =>
  say('A moderator refused the proof clip: {reason}', { reason });
