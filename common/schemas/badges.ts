import { z } from 'zod';

// Badges and streaks (docs/decisions/0231-badges-earned-on-the-server.md,
// docs/decisions/0232-streaks.md): GET /api/profile/achievements and
// GET /api/users/:username/achievements, shared with the client.

/** Every badge a member can earn; each is earned once per subject (a challenge, a plan, or none). */
export const BADGE_KINDS = [
  'first-set',
  'first-verified',
  'new-best',
  'top-ten',
  'week-streak-4',
  'plan-finished',
] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

export const badgeSchema = z.object({
  badge: z.enum(BADGE_KINDS),
  /** The catalogue id of the challenge the badge is of; null for a badge of none. */
  challenge: z.string().nullable(),
  /** What the screen shows, with the challenge's title from the catalogue. */
  name: z.string(),
  /** When it was earned (ISO date-time). */
  earnedAt: z.string(),
});
export type Badge = z.infer<typeof badgeSchema>;

export const streaksSchema = z.object({
  /** Consecutive days with a set in the member's zone, up to today (or yesterday: still alive). */
  dayStreak: z.number().int().min(0),
  /** Consecutive Sunday-start weeks meeting the weekly goal (this week counts once met). */
  weekStreak: z.number().int().min(0),
});
export type StreaksAnswer = z.infer<typeof streaksSchema>;

export const achievementsSchema = z.object({
  /** Newest first. */
  badges: z.array(badgeSchema),
  streaks: streaksSchema,
});
export type Achievements = z.infer<typeof achievementsSchema>;
