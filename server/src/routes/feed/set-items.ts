import { sql, type SQL } from 'drizzle-orm';
import type { BadgeKind } from '@common/schemas/badges';
import type { FeedItem } from '@common/schemas/feed';
import type { ScoreTier } from '@common/tiers';

// A set as the feed and its own page show it: one select, shared by both reads, over rows `w`
// (workouts) and `u` (their owner). Kudos and comments of members now private or suspended count
// nowhere (docs/decisions/0248-kudos-and-comments.md); a deleted member's rows are gone with them.

/** Who others may read beside a set: a public member who is not suspended. */
export const shown = (alias: string) =>
  sql.raw(`not ${alias}.is_private and ${alias}.suspended_at is null`);

export const itemColumns = (viewerId: number): SQL => sql`w.id, w.user_id, w.challenge, w.score,
  w.capped, w.tier, w.created_at, w.pace,
  to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as ts,
  u.username, u.full_name, u.profile_picture,
  (select count(*)::int from set_kudos k join users ku on ku.id = k.user_id
    where k.workout_id = w.id and ${shown('ku')}) as kudos,
  exists (select 1 from set_kudos k where k.workout_id = w.id and k.user_id = ${viewerId}::int) as kudos_mine,
  (select count(*)::int from set_comments c join users cu on cu.id = c.author_id
    where c.workout_id = w.id and c.hidden_at is null and ${shown('cu')}) as comment_count,
  (exists (select 1 from workouts p where p.user_id = w.user_id and p.challenge = w.challenge
      and p.id < w.id and not exists (select 1 from hidden_workouts h where h.workout_id = p.id))
    and not exists (select 1 from workouts p where p.user_id = w.user_id and p.challenge = w.challenge
      and p.id < w.id and p.rank_value >= w.rank_value
      and not exists (select 1 from hidden_workouts h where h.workout_id = p.id))) as new_best,
  (select coalesce(json_agg(json_build_object('badge', b.badge, 'challenge', b.challenge)
      order by b.badge), '[]'::json)::text
    from member_badges b where b.user_id = w.user_id and b.earned_at = w.received_at) as badges`;

export interface ItemRow {
  id: number;
  user_id: number;
  challenge: string;
  score: number;
  capped: boolean;
  tier: ScoreTier;
  created_at: Date | string;
  ts: string;
  username: string;
  full_name: string | null;
  profile_picture: string | null;
  kudos: number;
  kudos_mine: boolean;
  comment_count: number;
  new_best: boolean;
  badges: string;
  pace: number[] | null;
}

export function toFeedItem(r: ItemRow, viewerId: number): FeedItem {
  return {
    id: r.id,
    member: { username: r.username, fullName: r.full_name, profilePicture: r.profile_picture },
    challenge: r.challenge,
    score: r.score,
    capped: r.capped,
    tier: r.tier,
    createdAt: new Date(r.created_at).toISOString(),
    newBest: r.new_best,
    badges: JSON.parse(r.badges) as { badge: BadgeKind; challenge: string | null }[],
    kudos: { count: r.kudos, mine: r.kudos_mine },
    commentCount: r.comment_count,
    mine: r.user_id === viewerId,
    ...(r.pace?.length ? { pace: r.pace.map(Number) } : {}),
  };
}

/**
 * Whether `viewerId` may read the set `w` of member `u`: their own, or a visible member's set no
 * moderator hid. A private member's sets are seen by nobody else.
 */
export const readable = (viewerId: number): SQL =>
  sql`(w.user_id = ${viewerId}::int or (${shown('u')}
    and not exists (select 1 from hidden_workouts h where h.workout_id = w.id)))`;
