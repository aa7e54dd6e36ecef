import { z } from 'zod';
import { clubSlugParamSchema } from './clubs';
import { usernameParamSchema } from './profile';
import { visibleText } from './text';

// Members report board entries and profiles (docs/decisions/0150-moderation.md); the targets are
// also what moderators act on (./moderation.ts).

/** Ids are PostgreSQL integers: a larger one can name nothing. */
const INT4_MAX = 2_147_483_647;

// ---- Reports (POST /api/reports, any signed-in member) ------------------------------------------

export const REPORT_REASONS = [
  'fake-score',
  'offensive-name',
  'offensive-picture',
  'spam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** The words the report form shows for each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  'fake-score': 'Fake score',
  'offensive-name': 'Offensive name',
  'offensive-picture': 'Offensive picture',
  spam: 'Spam',
  other: 'Other',
};
/** The free text of a report, and of a moderator's reason, in characters. */
export const REPORT_TEXT_MAX = 200;
export const MODERATION_REASON_MAX = 200;

/** A board entry is reported by its workout's id (the `id` of a board entry). */
export const workoutTargetSchema = z.object({
  kind: z.literal('workout'),
  workoutId: z
    .number({ error: 'workoutId must be a number' })
    .int('workoutId must be a whole number')
    .min(1, 'workoutId must be positive')
    .max(INT4_MAX, 'workoutId is too large'),
});
/** A profile (its name, full name or picture) is reported by its username. */
export const memberTargetSchema = z.object({
  kind: z.literal('member'),
  username: usernameParamSchema,
});
/** A club is acted on by its slug (moderators only: members report entries and profiles). */
export const clubTargetSchema = z.object({
  kind: z.literal('club'),
  slug: clubSlugParamSchema,
});
/** A comment on a set (docs/decisions/0248-kudos-and-comments.md), by its id. */
export const commentTargetSchema = z.object({
  kind: z.literal('comment'),
  commentId: z
    .number({ error: 'commentId must be a number' })
    .int('commentId must be a whole number')
    .min(1, 'commentId must be positive')
    .max(INT4_MAX, 'commentId is too large'),
});
export const reportTargetSchema = z.discriminatedUnion(
  'kind',
  [workoutTargetSchema, memberTargetSchema],
  {
    error: 'target must be { kind: "workout", workoutId } or { kind: "member", username }',
  },
);
export type ReportTarget = z.infer<typeof reportTargetSchema>;
/** What a member may report: an entry, a profile or a comment (moderators act on the first two). */
export const reportableTargetSchema = z.discriminatedUnion(
  'kind',
  [workoutTargetSchema, memberTargetSchema, commentTargetSchema],
  {
    error:
      'target must be { kind: "workout", workoutId }, { kind: "member", username } or { kind: "comment", commentId }',
  },
);
export type ReportableTarget = z.infer<typeof reportableTargetSchema>;

export const REPORT_TEXT_REQUIRED = 'Please say what is wrong (up to 200 characters)';

export const createReportSchema = z
  .strictObject({
    target: reportableTargetSchema,
    reason: z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}` }),
    /** Optional, except for `other`, where it says what is wrong. */
    text: visibleText('The text', { max: REPORT_TEXT_MAX })
      .transform((s) => (s === '' ? undefined : s))
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.text)
      ctx.addIssue({ code: 'custom', path: ['text'], message: REPORT_TEXT_REQUIRED });
  })
  // The same rule for the API description: `other` needs a text that is not blank.
  .meta({
    if: { properties: { reason: { const: 'other' } }, required: ['reason'] },
    then: { required: ['text'], properties: { text: { pattern: '\\S' } } },
  });
export type CreateReportInput = z.input<typeof createReportSchema>;
export type CreateReportData = z.output<typeof createReportSchema>;

/** 409 when the member already reported this entry or profile. */
export const ALREADY_REPORTED = 'You have already reported this.';
/** 400: one cannot report oneself. */
export const CANNOT_REPORT_SELF = 'You cannot report your own entry or profile.';
/** 404 when the entry or profile is not one the member can see. */
export const REPORT_TARGET_NOT_FOUND = 'There is no such entry or profile.';

/** The answer to a report (201). */
export const reportSchema = z.object({
  id: z.number().int(),
  target: reportableTargetSchema,
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/**
 * GET /api/reports/mine: what the signed-in member has reported, so that a board or a profile
 * shows "Reported" instead of the form (a second report would be a 409). Whether a moderator has
 * closed the report does not matter: one report per entry or profile stands for good.
 */
export const myReportsSchema = z.object({
  /** Board entries reported, by workout id. */
  workoutIds: z.array(z.number().int()),
  /** Profiles reported, by their current username. */
  usernames: z.array(z.string()),
  /** Comments reported, by id. */
  commentIds: z.array(z.number().int()),
});
export type MyReports = z.infer<typeof myReportsSchema>;
