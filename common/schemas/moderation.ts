import { z } from 'zod';
import { say } from '../say.ts';
import { pageCursor, pageLimit } from './page';
import { usernameParamSchema } from './profile';
import { visibleText } from './text';
import {
  MODERATION_REASON_MAX,
  REPORT_REASONS,
  clubTargetSchema,
  reportTargetSchema,
  memberTargetSchema,
  workoutTargetSchema,
} from './reports';
import { challengeParamSchema, hiddenMarkSchema, publicWorkoutSchema } from './workouts';

// Moderation: members report board entries and profiles; moderators (granted from the command line,
// `npm run moderator -- grant USERNAME`) act on them. Every action has a reason, can be undone, and
// is written to the audit log. docs/decisions/0150-moderation.md.

export { hiddenMarkSchema };

/** Ids are PostgreSQL integers: a larger one can name nothing. */
const INT4_MAX = 2_147_483_647;
export type HiddenMark = z.infer<typeof hiddenMarkSchema>;

// What members send (./reports.ts): its targets serve the moderators' actions too.
export * from './reports';

// ---- Moderation actions (POST /api/moderation/actions, moderators only) -------------------------

/**
 * Each action and its undo. Workout actions take a workout target, the others a member target;
 * dismiss-reports closes the target's open reports, reopen-reports opens them again.
 */
export const MODERATION_ACTIONS = [
  'hide-workout',
  'unhide-workout',
  'review-clip',
  'unreview-clip',
  'refuse-clip',
  'restore-clip',
  'clear-full-name',
  'restore-full-name',
  'clear-picture',
  'restore-picture',
  'suspend',
  'lift-suspension',
  'dismiss-reports',
  'reopen-reports',
  'remove-club',
  'restore-club',
  // A comment on a set (docs/decisions/0250-moderating-comments.md): POST /api/moderation/comments/:id.
  'hide-comment',
  'show-comment',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const WORKOUT_ACTIONS = [
  'hide-workout',
  'unhide-workout',
  'review-clip',
  'unreview-clip',
  'refuse-clip',
  'restore-clip',
] as const;
export const MEMBER_ACTIONS = [
  'clear-full-name',
  'restore-full-name',
  'clear-picture',
  'restore-picture',
  'suspend',
  'lift-suspension',
] as const;
/** Club actions take a club target (docs/decisions/0180-moderators-remove-clubs.md). */
export const CLUB_ACTIONS = ['remove-club', 'restore-club'] as const;
export type ClubAction = (typeof CLUB_ACTIONS)[number];
/** What undoes each action (the undo of an undo is the action). */
export const UNDO_OF: Record<ModerationAction, ModerationAction> = {
  'hide-workout': 'unhide-workout',
  'unhide-workout': 'hide-workout',
  'review-clip': 'unreview-clip',
  'unreview-clip': 'review-clip',
  'refuse-clip': 'restore-clip',
  'restore-clip': 'refuse-clip',
  'clear-full-name': 'restore-full-name',
  'restore-full-name': 'clear-full-name',
  'clear-picture': 'restore-picture',
  'restore-picture': 'clear-picture',
  suspend: 'lift-suspension',
  'lift-suspension': 'suspend',
  'dismiss-reports': 'reopen-reports',
  'reopen-reports': 'dismiss-reports',
  'remove-club': 'restore-club',
  'restore-club': 'remove-club',
  'hide-comment': 'show-comment',
  'show-comment': 'hide-comment',
};
/** How the audit log and the buttons name each action. */
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  'hide-workout': 'Hid the workout',
  'unhide-workout': 'Showed the workout again',
  'review-clip': 'Marked the clip reviewed',
  'unreview-clip': 'Unmarked the clip reviewed',
  'refuse-clip': 'Refused the proof clip',
  'restore-clip': 'Withdrew the refusal of the clip',
  'clear-full-name': 'Cleared the full name',
  'restore-full-name': 'Restored the full name',
  'clear-picture': 'Cleared the picture',
  'restore-picture': 'Restored the picture',
  suspend: 'Suspended the member',
  'lift-suspension': 'Lifted the suspension',
  'dismiss-reports': 'Dismissed the reports',
  'reopen-reports': 'Reopened the reports',
  'remove-club': 'Removed the club',
  'restore-club': 'Restored the club',
  'hide-comment': 'Hid a comment',
  'show-comment': 'Showed a comment again',
};

export const REASON_REQUIRED = 'A reason is required';
export const moderationReasonSchema = visibleText('The reason', { max: MODERATION_REASON_MAX })
  .refine((s) => s.length > 0, { error: REASON_REQUIRED, abort: true })
  .meta({
    minLength: 1,
    // Not blank: it is trimmed first.
    pattern:
      '^[^\\u0000-\\u001f\\u007f-\\u009f\\ud800-\\udfff]*[^\\s\\u0000-\\u001f\\u007f-\\u009f\\ud800-\\udfff][^\\u0000-\\u001f\\u007f-\\u009f\\ud800-\\udfff]*$',
    description:
      'Required, not blank once trimmed; text shown to people (no control, direction or invisible characters).',
  });

const workoutAction = z.enum(WORKOUT_ACTIONS);
const memberAction = z.enum(MEMBER_ACTIONS);
const reportsAction = z.enum(['dismiss-reports', 'reopen-reports']);
const clubAction = z.enum(CLUB_ACTIONS);

/** The body of POST /api/moderation/actions: the action, its target and the reason (required). */
export const moderationActionSchema = z.union(
  [
    z.strictObject({
      action: workoutAction,
      target: workoutTargetSchema,
      reason: moderationReasonSchema,
    }),
    z.strictObject({
      action: memberAction,
      target: memberTargetSchema,
      reason: moderationReasonSchema,
    }),
    z.strictObject({
      action: reportsAction,
      target: reportTargetSchema,
      reason: moderationReasonSchema,
    }),
    z.strictObject({
      action: clubAction,
      target: clubTargetSchema,
      reason: moderationReasonSchema,
    }),
  ],
  {
    error: `Send { action, target, reason }: action one of ${MODERATION_ACTIONS.join(', ')}; workout actions take { kind: "workout", workoutId }, member actions { kind: "member", username }, club actions { kind: "club", slug }`,
  },
);
export type ModerationActionInput = z.input<typeof moderationActionSchema>;
export type ModerationActionData = z.output<typeof moderationActionSchema>;

/** 409 answers of an action that would change nothing, or cannot be undone. */
export const ACTION_CONFLICTS = {
  alreadyHidden: 'This workout is already hidden.',
  notHidden: 'This workout is not hidden.',
  noClip: 'This workout has no proof clip.',
  alreadyReviewed: 'This clip is already marked reviewed.',
  notReviewed: 'This clip is not marked reviewed.',
  notRefusable: 'Only a recounted or reviewed set can have its clip refused.',
  notRefused: 'This clip is not refused, or the set changed since.',
  noFullName: 'This member has no full name to clear.',
  noPicture: 'This member has no picture to clear.',
  nothingToRestore:
    'There is nothing to restore: it was not cleared by a moderator, or the member changed it since.',
  alreadySuspended: 'This member is already suspended.',
  notSuspended: 'This member is not suspended.',
  noOpenReports: 'There are no open reports on this.',
  noDismissedReports: 'There are no dismissed reports on this.',
  alreadyRemoved: 'This club is already removed.',
  notRemoved: 'This club is not removed.',
} as const;
/**
 * 403 of an action on one's own sets or profile, or on another moderator's: those are for an
 * operator, from the command line (docs/decisions/0207-moderation-queue-and-moderators.md).
 */
export const MODERATION_REFUSALS = {
  own: 'You cannot moderate your own sets or profile.',
  ownClub: 'You cannot moderate a club you are an admin of.',
  fellow:
    'This member is a moderator: only an operator can act on a moderator (npm run moderator -- revoke USERNAME first).',
} as const;
/** 404 of a club action on a club that does not exist. */
export const NO_SUCH_CLUB = 'There is no such club.';
export const MODERATION_TARGET_NOT_FOUND = 'There is no such workout or member.';

// ---- What moderators read ------------------------------------------------------------------------

const workoutNamedSchema = z.object({
  kind: z.literal('workout'),
  workoutId: z.number().int(),
  username: z.string().nullable(),
});
const memberNamedSchema = z.object({ kind: z.literal('member'), username: z.string().nullable() });
/** A target as the queue names it: the workout's owner is named too. */
export const caseTargetSchema = z.discriminatedUnion('kind', [
  workoutNamedSchema,
  memberNamedSchema,
]);
/**
 * A target as the log names it: a workout (and its owner), a member, or a club (its slug, null once
 * the club is gone, and its name when it was acted on).
 */
export const moderationTargetSchema = z.discriminatedUnion('kind', [
  workoutNamedSchema,
  memberNamedSchema,
  z.object({ kind: z.literal('club'), slug: z.string().nullable(), name: z.string().nullable() }),
]);
export type ModerationTarget = z.infer<typeof moderationTargetSchema>;

/** One line of the audit log: who did what, to what, when and why. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** The moderator's username when they acted (kept after their account is deleted). */
  moderator: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  target: moderationTargetSchema,
  reason: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The answer to an action (201): its audit log line. */
export const moderationActionResultSchema = z.object({ entry: auditEntrySchema });
export type ModerationActionResult = z.infer<typeof moderationActionResultSchema>;

/** GET /api/moderation/log?limit=&before= : newest first; `before` is the id of the last line seen. */
export const AUDIT_PAGE_MAX = 200;
export const auditLogQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(AUDIT_PAGE_MAX, `limit must be at most ${AUDIT_PAGE_MAX}`)
    .default(50),
  before: z.coerce
    .number({ error: 'before must be a number' })
    .int('before must be a whole number')
    .min(1, 'before must be positive')
    .max(INT4_MAX, 'before is too large')
    .optional(),
});
export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditLog = z.infer<typeof auditLogSchema>;

/** A member as a moderator sees them: the public fields plus the moderation state. */
export const moderatedMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  isPrivate: z.boolean(),
  /** Set while the member is suspended. */
  suspended: z.object({ reason: z.string(), at: z.string() }).nullable(),
  /** A moderator cleared the full name / picture and it can be restored. */
  fullNameCleared: z.boolean(),
  pictureCleared: z.boolean(),
  isModerator: z.boolean(),
  createdAt: z.string(),
});
export type ModeratedMember = z.infer<typeof moderatedMemberSchema>;

/** A workout as a moderator sees it: no notes (they are the member's own), with its moderation state. */
export const moderatedWorkoutSchema = publicWorkoutSchema.extend({
  hidden: hiddenMarkSchema.nullable(),
  /** Whether a proof clip is kept (GET /api/workouts/:id/clip plays it for a moderator). */
  hasClip: z.boolean(),
  /** When a moderator marked the clip reviewed (null: not reviewed, or no clip). */
  clipReviewedAt: z.string().nullable(),
});
export type ModeratedWorkout = z.infer<typeof moderatedWorkoutSchema>;

/** One open report as the queue lists it. */
export const queuedReportSchema = z.object({
  id: z.number().int(),
  /** The reporter's username (null once their account is deleted). */
  reporter: z.string().nullable(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  createdAt: z.string(),
});
export type QueuedReport = z.infer<typeof queuedReportSchema>;

/** The last sets of a member the queue shows beside a report. */
export const RECENT_SETS = 10;

/**
 * A target with what a moderator needs to judge it: the reported entry (workout targets), its
 * member, the member's recent sets (newest first, hidden ones too), the reports and the earlier
 * actions on it (newest first).
 */
export const moderationCaseSchema = z.object({
  target: caseTargetSchema,
  member: moderatedMemberSchema,
  workout: moderatedWorkoutSchema.nullable(),
  recentSets: z.array(moderatedWorkoutSchema),
  reports: z.array(queuedReportSchema),
  actions: z.array(auditEntrySchema),
  /** The newest open report's time. */
  latestReportAt: z.string().nullable(),
});
export type ModerationCase = z.infer<typeof moderationCaseSchema>;

/**
 * GET /api/moderation/queue?limit=&cursor=: open reports grouped by target, the most pressing
 * first (docs/decisions/0207-moderation-queue-and-moderators.md: the reporters' weight by account
 * age and history, plus the reported entry's place on its all-time board), a page at a time; the
 * next page's cursor comes in the X-Next-Cursor header, as GET /api/workouts' does.
 */
export const QUEUE_PAGE_DEFAULT = 20;
export const QUEUE_PAGE_MAX = 100;
export const moderationQueueQuerySchema = z.object({
  limit: pageLimit(QUEUE_PAGE_MAX, QUEUE_PAGE_DEFAULT),
  cursor: pageCursor(),
});
export type ModerationQueueQuery = z.input<typeof moderationQueueQuerySchema>;
export const moderationQueueSchema = z.object({ cases: z.array(moderationCaseSchema) });
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/**
 * GET /api/moderation/members/:username and GET /api/moderation/workouts/:id: the same case for a
 * target looked up directly (reports: its open ones, possibly none).
 */
export const moderationLookupParamsSchema = z.object({ username: usernameParamSchema });

/**
 * GET /api/moderation/awaiting-review[?challenge=]: the moderators' main queue
 * (docs/decisions/0244-tiers-shown-and-reviewed.md): every recounted set in the top three of a
 * Verified board (all time, and this day, week and month in every zone:
 * docs/decisions/0277-the-review-queue-in-every-zone.md), of one challenge or of every open one,
 * the longest waiting first. `review-clip` moves a set to the reviewed tier, `refuse-clip`
 * back to camera-counted (off the Verified boards) with the reason its member reads.
 */
export const AWAITING_REVIEW_TOP = 3;
export const awaitingReviewQuerySchema = z.object({
  challenge: challengeParamSchema.optional(),
});
export const awaitingReviewSchema = z.object({
  workouts: z.array(
    moderatedWorkoutSchema.extend({
      username: z.string(),
      /** The Verified boards (periods: today, week, month, all_time) whose top three it is in. */
      boards: z.array(z.string()),
      /** Since when it waits: the end of its recount. */
      waitingSince: z.string(),
      /** How long it has waited, in whole seconds, when the answer was made. */
      waitedSeconds: z.number().int(),
    }),
  ),
});
export type AwaitingReview = z.infer<typeof awaitingReviewSchema>;

// ---- The member's side ---------------------------------------------------------------------------

/** How the member's own list marks a hidden workout: "Hidden by a moderator: {reason}". */
export const hiddenLabel = (reason: string) => say('Hidden by a moderator: {reason}', { reason });
/** The 403 of a sign-in (or a password reset's sign-in) to a suspended account. */
export const suspendedMessage = (reason: string) =>
  say('This account is suspended: {reason}', { reason });
/** 403 of a moderation route to a member who is not a moderator. */
export const MODERATORS_ONLY = 'Only moderators can do this.';
