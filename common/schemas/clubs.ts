import { z } from 'zod';
import { plainText, TEXT_CLASS, visibleText } from './text';

// Clubs (docs/product.md#clubs, docs/decisions/0164-clubs.md): requests and answers of /api/clubs,
// shared with the client's forms.

export const CLUB_NAME_MIN = 3;
export const CLUB_NAME_MAX = 40;
export const CLUB_DESCRIPTION_MAX = 280;
/** Public clubs per page of GET /api/clubs. */
export const CLUBS_PAGE_DEFAULT = 20;
export const CLUBS_PAGE_MAX = 50;
export const CLUB_VISIBILITIES = ['public', 'invite'] as const;
export type ClubVisibility = (typeof CLUB_VISIBILITIES)[number];
export const CLUB_ROLES = ['admin', 'member'] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];

/** What a slug is made of: lower-case letters and digits in runs joined by single hyphens. */
export const CLUB_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A slug is the name's, at most this long, plus a "-N" when the name's is taken. */
export const CLUB_SLUG_MAX = 48;

/** A club's address from its name: "Early Birds!" -> "early-birds"; "" when nothing is left. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

export const clubNameSchema = visibleText('Name', { max: CLUB_NAME_MAX })
  .refine(
    (v) => [...v].length >= CLUB_NAME_MIN,
    `Name must be at least ${CLUB_NAME_MIN} characters`,
  )
  .meta({
    minLength: CLUB_NAME_MIN,
    // At least CLUB_NAME_MIN characters once trimmed: not blank at either end of the count.
    pattern: `^\\s*[^\\s${TEXT_CLASS}][^${TEXT_CLASS}]+[^\\s${TEXT_CLASS}]\\s*$`,
    description: `At least ${CLUB_NAME_MIN} characters once trimmed; text shown to people (no control, direction or invisible characters).`,
  });

export const createClubSchema = z.object({
  name: clubNameSchema,
  /** Optional; blank is none. */
  description: visibleText('Description', { max: CLUB_DESCRIPTION_MAX, multiline: true })
    .optional()
    .transform((v) => (v ? v : undefined)),
  visibility: z.enum(CLUB_VISIBILITIES, { error: 'Visibility must be public or invite' }),
});
export type CreateClubInput = z.input<typeof createClubSchema>;
export type CreateClub = z.output<typeof createClubSchema>;

export const clubSlugParamSchema = plainText('Club')
  .max(CLUB_SLUG_MAX, 'No such club')
  .regex(CLUB_SLUG_PATTERN, 'No such club')
  .meta({ pattern: CLUB_SLUG_PATTERN.source });

export const clubParamsSchema = z.object({ slug: clubSlugParamSchema });

/** An invite code: 43 base64url characters (32 random bytes). */
export const inviteCodeSchema = plainText('code').max(100, 'The invite code is not valid');

export const clubListQuerySchema = z.object({
  /** Part of a club's name (any case). */
  q: plainText('q')
    .trim()
    .max(CLUB_NAME_MAX, `q must be at most ${CLUB_NAME_MAX} characters`)
    .optional(),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .max(100_000, 'offset must be at most 100000')
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(CLUBS_PAGE_MAX, `limit must be at most ${CLUBS_PAGE_MAX}`)
    .default(CLUBS_PAGE_DEFAULT),
});
export type ClubListQuery = z.input<typeof clubListQuerySchema>;

export const clubViewQuerySchema = z.object({ code: inviteCodeSchema.optional() });

export const joinClubSchema = z.object({
  /** The invite code (needed for an invite-only club; a public club takes none). */
  code: inviteCodeSchema.optional(),
});

export const clubSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  visibility: z.enum(CLUB_VISIBILITIES),
  memberCount: z.number().int(),
  /** The viewer's role in it; null: not a member (or a visitor). */
  myRole: z.enum(CLUB_ROLES).nullable(),
});
export type ClubSummary = z.infer<typeof clubSummarySchema>;

export const clubListSchema = z.object({
  /** The signed-in member's clubs (all of them; empty for visitors). */
  mine: z.array(clubSummarySchema),
  /** Public clubs the member is not in, matching q, most members first. */
  public: z.array(clubSummarySchema),
  /** The offset of the next page of public clubs, or null at the end. */
  nextOffset: z.number().int().nullable(),
});
export type ClubList = z.infer<typeof clubListSchema>;

export const clubMemberSchema = z.object({
  username: z.string(),
  profilePicture: z.string().nullable(),
  role: z.enum(CLUB_ROLES),
  joinedAt: z.string(),
});
export type ClubMember = z.infer<typeof clubMemberSchema>;

export const clubDetailSchema = clubSummarySchema.extend({
  createdAt: z.string(),
  /**
   * Who is in it, admins first. Members of the club see everyone; others see the members who are
   * public (a private member is shown to their clubs only).
   */
  members: z.array(clubMemberSchema),
  /** Members left out of `members` because they are private (for others than the club's members). */
  hiddenMembers: z.number().int(),
  /**
   * For the club's admins only: members an admin removed, who cannot join again until an admin
   * lets them back in (docs/decisions/0208-club-removal-is-recorded.md), newest first.
   */
  removed: z.array(z.object({ username: z.string(), removedAt: z.string() })).optional(),
});
export type ClubDetail = z.infer<typeof clubDetailSchema>;

/** 403 of a join by a member an admin removed (docs/decisions/0208-club-removal-is-recorded.md). */
export const REMOVED_FROM_CLUB =
  "An admin removed you from this club, so you cannot join it again, even with an invite link. Ask one of the club's admins to let you back in.";

/** Create and regenerate: the invite code, given once (only its hash is kept). */
export const clubInviteSchema = z.object({
  slug: z.string(),
  /** The code for /clubs/{slug}/join?code=...; the previous one no longer works. */
  inviteCode: z.string(),
});
export type ClubInvite = z.infer<typeof clubInviteSchema>;

export const createdClubSchema = clubDetailSchema.extend({ inviteCode: z.string() });
export type CreatedClub = z.infer<typeof createdClubSchema>;

/** The path of a club's invite link. */
export const clubInvitePath = (slug: string, code: string) =>
  `/clubs/${encodeURIComponent(slug)}/join?code=${encodeURIComponent(code)}`;
