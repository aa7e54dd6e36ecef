// Following (docs/product.md#following): the lists of GET /api/following and GET /api/followers,
// shared with the client.
import { z } from 'zod';
import { pageCursor, pageLimit } from './page';

export const FOLLOW_PAGE_DEFAULT = 50;
export const FOLLOW_PAGE_MAX = 200;

export const CANNOT_FOLLOW_YOURSELF = 'You cannot follow yourself.';

export const followPageQuerySchema = z.object({
  limit: pageLimit(FOLLOW_PAGE_MAX, FOLLOW_PAGE_DEFAULT),
  cursor: pageCursor(),
});
export type FollowPageQuery = z.input<typeof followPageQuerySchema>;

/** A member in one of my lists: public fields only (a private member is in no list but their own). */
export const followEntrySchema = z.object({
  username: z.string(),
  fullName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  /** When the follow began. */
  since: z.string(),
});
export type FollowEntry = z.infer<typeof followEntrySchema>;

/** Newest first. */
export const followListSchema = z.array(followEntrySchema);
