// The feed, kudos and comments (docs/decisions/0248-kudos-and-comments.md,
// 0249-the-feed.md): GET /api/feed, GET /api/sets/:id, PUT/DELETE /api/workouts/:id/kudos,
// GET/POST /api/workouts/:id/comments, DELETE /api/comments/:id.
import { z } from 'zod';
import { AGE_GROUP_IDS } from '../leaderboard';
import { scoreTierSchema } from '../tiers';
import { BADGE_KINDS } from './badges';
import { pageCursor, pageLimit } from './page';
import { moderationReasonSchema } from './moderation';
import { visibleText } from './text';

export const FEED_PAGE_DEFAULT = 20;
export const FEED_PAGE_MAX = 50;
/** A comment's length, in characters as a person counts them. */
export const COMMENT_MAX = 280;
/** The comments a set's page and a feed item show, oldest first (the newest of them). */
export const COMMENTS_SHOWN = 100;
/** A page of a set's comments (GET /api/workouts/:id/comments, the first on GET /api/sets/:id). */
export const COMMENT_PAGE_DEFAULT = 20;
export const COMMENT_PAGE_MAX = 100;
/** The order a set's comments are read in: oldest first (a conversation, as the set's page shows it), or newest first. */
export const COMMENT_ORDERS = ['oldest', 'newest'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];

/**
 * GET /api/workouts/:id/comments: a page of `limit` comments in `order`; the next page's cursor
 * in X-Next-Cursor (absent on the last page). A cursor is for the order it was made in.
 */
export const commentPageQuerySchema = z.object({
  limit: pageLimit(COMMENT_PAGE_MAX, COMMENT_PAGE_DEFAULT),
  cursor: pageCursor(),
  order: z
    .enum(COMMENT_ORDERS, { error: `order must be one of: ${COMMENT_ORDERS.join(', ')}` })
    .default('oldest'),
});
export type CommentPageQuery = z.input<typeof commentPageQuerySchema>;

export const feedQuerySchema = z.object({
  limit: pageLimit(FEED_PAGE_MAX, FEED_PAGE_DEFAULT),
  cursor: pageCursor(),
});
export type FeedQuery = z.input<typeof feedQuerySchema>;

/**
 * A comment's text: the rules of the names others read (visibleText, as a club's name and a full
 * name), one line, 1 to 280 characters once trimmed.
 */
export const commentBodySchema = visibleText('The comment', { max: COMMENT_MAX })
  .refine((v) => v.length > 0, { error: 'Please write a comment', abort: true })
  .meta({
    minLength: 1,
    // Not blank: it is trimmed first (as a moderator's reason, ./moderation.ts).
    pattern: moderationReasonSchema.meta()?.pattern as string,
    description:
      'Not blank once trimmed, at most 280 characters; text shown to people (no control, direction or invisible characters).',
  });
export const createCommentSchema = z.strictObject({ body: commentBodySchema });
export type CreateCommentInput = z.input<typeof createCommentSchema>;

export const commentIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .min(1, 'id must be positive')
    .max(2_147_483_647, 'id is too large'),
});

/** A member as others see them beside a set or a comment: public fields only. */
export const feedMemberSchema = z.object({
  username: z.string(),
  fullName: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
export type FeedMember = z.infer<typeof feedMemberSchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  workoutId: z.number().int(),
  author: feedMemberSchema,
  body: z.string(),
  createdAt: z.string(),
  /** The viewer may delete it: their own, or on their own set. */
  canDelete: z.boolean(),
  /** The viewer wrote it (they cannot report it). */
  mine: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentListSchema = z.array(commentSchema);

export const kudosStateSchema = z.object({
  count: z.number().int(),
  /** The viewer gave one. */
  mine: z.boolean(),
});
export type KudosState = z.infer<typeof kudosStateSchema>;

/** A set as the feed and its own page show it. */
export const feedItemSchema = z.object({
  id: z.number().int(),
  member: feedMemberSchema,
  challenge: z.string(),
  score: z.number().int(),
  capped: z.boolean(),
  tier: scoreTierSchema,
  createdAt: z.string(),
  /** It beat every earlier set of the member in its challenge (there was one). */
  newBest: z.boolean(),
  /** Badges the set earned when it was saved. */
  badges: z.array(z.object({ badge: z.enum(BADGE_KINDS), challenge: z.string().nullable() })),
  kudos: kudosStateSchema,
  commentCount: z.number().int(),
  /** The viewer's own set. */
  mine: z.boolean(),
  /** The run's pace, reps per 15 s (docs/decisions/0268-pace-stored-with-the-set.md); absent: none kept. */
  pace: z.array(z.number()).optional(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/**
 * Why a member is suggested, as a code a screen says in its own language
 * (docs/decisions/0306-reason-codes-for-the-feed-and-errors-said-whole.md): a member of one of my
 * clubs (its name), or at the top of the all-time board of my age band (null: everyone's).
 */
export const suggestionReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('club'), club: z.string() }),
  z.object({ kind: z.literal('board-top'), ageGroup: z.enum(AGE_GROUP_IDS).nullable() }),
]);
export type SuggestionReason = z.infer<typeof suggestionReasonSchema>;

/**
 * GET /api/feed: newest first; the next page's cursor in X-Next-Cursor. `suggestions` only on a
 * first page with no items: members to follow (the top of my age band's board, my clubs' members).
 */
export const feedSchema = z.object({
  items: z.array(feedItemSchema),
  suggestions: z.array(
    feedMemberSchema.extend({
      /** Why, in words, in the request's language ("In Early Birds", "Top of the 30-39 board"). */
      why: z.string(),
      reason: suggestionReasonSchema,
    }),
  ),
});
export type Feed = z.infer<typeof feedSchema>;

/** GET /api/sets/:id: a set's own page. */
export const setPageSchema = feedItemSchema.extend({ comments: commentListSchema });
export type SetPage = z.infer<typeof setPageSchema>;

export const SET_NOT_FOUND = 'There is no such set.';
export const COMMENT_NOT_FOUND = 'There is no such comment.';
export const NO_KUDOS_FOR_OWN_SET = 'You cannot give kudos to your own set.';
export const PRIVATE_CANNOT_REACT = 'Make your profile public to give kudos or comment.';
export const PRIVATE_SET_NO_REACTIONS = "A private member's sets take no kudos or comments.";
export const NOT_YOUR_COMMENT = 'Only its author or the owner of the set can delete a comment.';

// ---- Moderating comments (moderators; docs/decisions/0250-moderating-comments.md) --------------

/** GET /api/moderation/comments: comments with open reports, the most reported first. */
export const reportedCommentSchema = z.object({
  id: z.number().int(),
  workoutId: z.number().int(),
  author: z.string(),
  body: z.string(),
  createdAt: z.string(),
  reports: z.number().int(),
  reasons: z.array(z.string()),
});
export type ReportedComment = z.infer<typeof reportedCommentSchema>;
export const reportedCommentsSchema = z.object({ comments: z.array(reportedCommentSchema) });

/** POST /api/moderation/comments/:id: hide a comment, or show it again, with a reason. */
export const commentModerationSchema = z.strictObject({
  action: z.enum(['hide', 'show'], { error: 'action must be hide or show' }),
  reason: moderationReasonSchema,
});
export type CommentModerationInput = z.input<typeof commentModerationSchema>;
export const COMMENT_ALREADY_HIDDEN = 'This comment is already hidden.';
export const COMMENT_NOT_HIDDEN = 'This comment is not hidden.';
