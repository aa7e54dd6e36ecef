import { sql, type SQL } from 'drizzle-orm';
import { itemColumns, shown } from '../../server/src/routes/feed/set-items';

// The feed's first page as earlier commits read it, for bench/feed.ts to time beside the shipped
// query (server/src/routes/feed/feed.service.ts feedQuery) on the same data, in turns. Same rules,
// same rows; only the shape differs (docs/decisions/0273-the-feeds-window.md, 0314).

const authors = (v: number) => sql`authors as (
        select f.followee_id as id from follows f where f.follower_id = ${v}::int
        union
        select o.user_id from club_members m join clubs c on c.id = m.club_id and c.removed_at is null
          join club_members o on o.club_id = m.club_id where m.user_id = ${v}::int
      )`;
const visible = sql`not exists (select 1 from hidden_workouts h where h.workout_id = x.id)`;

/** 2d614f7 (before 0273): limit + 1 sets of every author, all merged and sorted. */
export function mergedFeedQuery(v: number, limit: number): SQL {
  return sql`with ${authors(v)},
      page as (select x.id from authors a
        join users u on u.id = a.id and u.id <> ${v}::int and ${shown('u')}
        cross join lateral (select x.id, x.created_at from workouts x where x.user_id = a.id
            order by x.created_at desc, x.id desc
            limit ${limit + 1}::int
              + (select count(*) from hidden_workouts h where h.user_id = a.id)) x
        where not exists (select 1 from hidden_workouts h where h.workout_id = x.id)
        order by x.created_at desc, x.id desc
        limit ${limit + 1}::int)
      select ${itemColumns(v)}
      from page p join workouts w on w.id = p.id join users u on u.id = w.user_id
      order by w.created_at desc, w.id desc`;
}

/** 5a68825 (0273 as first shipped): each author's newest first, then a window; a plain `desc`. */
export function windowFeedQuery(v: number, limit: number): SQL {
  const n = limit + 1;
  return sql`with ${authors(v)},
      shown_authors as (select a.id from authors a
        join users u on u.id = a.id and u.id <> ${v}::int and ${shown('u')}),
      newest as materialized (select a.id, l.created_at from shown_authors a
        cross join lateral (select x.created_at from workouts x where x.user_id = a.id
          and ${visible} order by x.created_at desc, x.id desc limit 1) l),
      since as materialized (select coalesce((select l.created_at from newest l
          order by l.created_at desc offset ${limit}::int limit 1), '-infinity') as t),
      page as materialized (select x.id from since s join newest a on a.created_at >= s.t
        cross join lateral (select x.id, x.created_at from workouts x
            where x.user_id = a.id and x.created_at >= s.t and ${visible}
            order by x.created_at desc, x.id desc limit ${n}::int) x
        order by x.created_at desc, x.id desc
        limit ${n}::int)
      select ${itemColumns(v)}
      from page p join workouts w on w.id = p.id join users u on u.id = w.user_id
      order by w.created_at desc, w.id desc`;
}
