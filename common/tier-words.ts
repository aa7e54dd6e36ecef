// The tiers' names and words without zod, so that a screen that shows a badge loads none
// (client/src/components/ui/tier-badge.tsx); ./tiers.ts re-exports them with the schema.
import { sayingFields } from './say.ts';

/**
 * How far a score is proven, weakest first: typed or tapped; counted by the device's camera with a
 * plausible trace; counted again by the server from the proof clip; watched by a moderator who
 * agreed. Verified boards list only the last two (docs/decisions/0239-score-tiers.md).
 */
export const SCORE_TIERS = ['entered', 'camera-counted', 'recounted', 'reviewed'] as const;
export type ScoreTier = (typeof SCORE_TIERS)[number];
/**
 * The tier's name as a member reads it, and what it means (the legend): said in the reader's
 * language each time it is read (common/say.ts).
 */
const words = (label: string, meaning: string) =>
  sayingFields({ label, meaning }, ['label', 'meaning']);
export const TIER_WORDS: Record<ScoreTier, { label: string; meaning: string }> = {
  entered: words('Entered', 'Typed or tapped by the member.'),
  'camera-counted': words(
    'Camera-counted',
    "Counted by the member's camera, with a plausible movement trace.",
  ),
  recounted: words('Recounted', 'FitBench counted the same reps again from the proof clip.'),
  reviewed: words('Reviewed', 'A moderator watched the proof clip and agreed.'),
};

/**
 * The label a board shows on a top-three Verified entry no moderator has reviewed yet (English;
 * a screen says it with sayShared, common/locales/ has it).
 */
export const AWAITING_REVIEW_LABEL = 'Awaiting review';

/**
 * Whether a set was counted by the camera: any tier above entered. A row without a tier (an offline
 * copy from before tiers were sent) falls back on its verified mark.
 */
export const isCameraCounted = (w: { tier?: ScoreTier; verified?: boolean }): boolean =>
  w.tier ? w.tier !== 'entered' : Boolean(w.verified);
