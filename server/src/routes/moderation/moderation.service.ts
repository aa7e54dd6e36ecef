import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

// Moderation (docs/decisions/0150-moderation.md), by job: reading the queue's cases and the audit
// log (./moderation-reads.ts), acting (./moderation-actions.ts), and the roles (here).
export * from './moderation-reads';
export * from './moderation-actions';

// ---- Roles (npm run moderator, server/src/cli/moderator.ts) --------------------------------------

/**
 * Makes the member a moderator (`on`) or a member again; answers what happened in a sentence, or
 * null when there is no such member. The users row's update is announced to every instance
 * (server/src/db/sql/sessions.sql), so the change holds at once for sessions already signed in.
 */
export async function setModerator(db: Db, username: string, on: boolean): Promise<string | null> {
  const role = on ? 'moderator' : 'member';
  const [row] = await rowsOf<{ username: string; was: string }>(
    db,
    sql`update users u set role = ${role} from (select id, role from users where lower(username) = ${username.toLowerCase()} for update) old
      where u.id = old.id returning u.username, old.role as was`,
  );
  if (!row) return null;
  if (row.was === role)
    return `${row.username} ${on ? 'is already a moderator' : 'was not a moderator'}.`;
  return `${row.username} ${on ? 'is now a moderator' : 'is no longer a moderator'}.`;
}

/** The moderators' usernames, in order. */
export async function listModerators(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ username: string }>(
    db,
    sql`select username from users where role = 'moderator' order by lower(username)`,
  );
  return rows.map((r) => r.username);
}
