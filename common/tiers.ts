import { z } from 'zod';

import { SCORE_TIERS, type ScoreTier } from './tier-words';

export { SCORE_TIERS, TIER_WORDS, type ScoreTier } from './tier-words';
export const scoreTierSchema = z.enum(SCORE_TIERS);

/** The tiers a Verified board lists. */
export const VERIFIED_TIERS: readonly ScoreTier[] = ['recounted', 'reviewed'];
export const isVerifiedTier = (tier: ScoreTier) => VERIFIED_TIERS.includes(tier);

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
