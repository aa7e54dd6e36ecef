import { z } from 'zod';

/**
 * How far a score is proven, weakest first: typed or tapped; counted by the device's camera with a
 * plausible trace; counted again by the server from the proof clip; watched by a moderator who
 * agreed. Verified boards list only the last two (docs/decisions/0239-score-tiers.md).
 */
export const SCORE_TIERS = ['entered', 'camera-counted', 'recounted', 'reviewed'] as const;
export type ScoreTier = (typeof SCORE_TIERS)[number];
export const scoreTierSchema = z.enum(SCORE_TIERS);

/** The tiers a Verified board lists. */
export const VERIFIED_TIERS: readonly ScoreTier[] = ['recounted', 'reviewed'];
export const isVerifiedTier = (tier: ScoreTier) => VERIFIED_TIERS.includes(tier);

/** The tier's name as a member reads it, and what it means (the legend). */
export const TIER_WORDS: Record<ScoreTier, { label: string; meaning: string }> = {
  entered: { label: 'Entered', meaning: 'Typed or tapped by the member.' },
  'camera-counted': {
    label: 'Camera-counted',
    meaning: "Counted by the member's camera, with a plausible movement trace.",
  },
  recounted: {
    label: 'Recounted',
    meaning: 'FitBench counted the same reps again from the proof clip.',
  },
  reviewed: { label: 'Reviewed', meaning: 'A moderator watched the proof clip and agreed.' },
};

/**
 * How a server recount of a proof clip ended (clip_recounts.outcome). Only `recounted` raises the
 * set's tier; every other outcome leaves it camera-counted, with the reason in words.
 */
export const RECOUNT_OUTCOMES = [
  'recounted',
  'count-differs',
  'no-face',
  'not-a-person',
  'trace-differs',
  'unreadable',
] as const;
export type RecountOutcome = (typeof RECOUNT_OUTCOMES)[number];
export const RECOUNT_STATES = ['queued', 'running', 'done'] as const;
export type RecountState = (typeof RECOUNT_STATES)[number];
