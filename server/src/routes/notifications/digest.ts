import { createHmac, timingSafeEqual } from 'node:crypto';
import { say } from '@common/say';
import { inLanguage } from '../../lib/i18n';
import { sql } from 'drizzle-orm';
import { isQuietMinute, localDate, localInstant, localMinute, wallClock } from '@common/reminders';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { composeMail, greeting, provenName } from '../../mail/messages';
import type { MailMessage } from '../../mail/queue';
import { LATE_LIMIT_MS, queuePushToMember, type ReminderKeys } from '../reminders';
import { listNotifications } from './notifications.service';

// The daily digest (docs/decisions/0257-notification-digest.md): ruling 34's rules, as the
// reminders keep them (server/src/routes/reminders/reminder-job.ts): only for members who opted
// in, at most one a day (the primary key of notification_digests, member and local date, decides
// which instance sends, so it goes once however many look), at the member's reminder time or
// 18:00 in their zone, never in quiet hours, and only when something unread is new since the last.

const DEFAULT_TIME = '18:00';
const DIGEST_MAX = 10;

export interface DigestDeps {
  db: Db;
  siteUrl: string;
  keys: () => Promise<ReminderKeys>;
  queueMail: (message: MailMessage, db: Db) => Promise<void>;
  kickMail: () => void;
  warn: (m: string) => void;
}

const mac = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`digest-off:${userId}`).digest('base64url').slice(0, 32);

/** The one-click "no more digests" token: the member's id and an HMAC of it. */
export const digestOffToken = (secret: string, userId: number) =>
  `${userId}.${mac(secret, userId)}`;

export function verifyDigestOffToken(secret: string, token: string): number | null {
  const m = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const want = Buffer.from(mac(secret, userId));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? userId : null;
}

interface Member {
  id: number;
  email: string;
  username: string;
  language: string | null;
  email_confirmed_at: Date | string | null;
  time_zone: string | null;
  local_time: string | null;
  digest_email: boolean;
  digest_push: boolean;
  last_id: number | string | null;
}

function knownZone(tz: string): boolean {
  try {
    wallClock(0, tz);
    return true;
  } catch {
    return false;
  }
}

/** One pass at `now`; resolves with the digests this call sent. */
export async function runDigests(deps: DigestDeps, now: Date): Promise<number> {
  const members = await rowsOf<Member>(
    deps.db,
    sql`select u.id, u.email, u.username, u.language, u.email_confirmed_at, u.time_zone, r.local_time,
        s.digest_email, s.digest_push,
        (select max(d.last_id) from notification_digests d where d.user_id = u.id) as last_id
      from notification_settings s join users u on u.id = s.user_id
      left join reminder_settings r on r.user_id = u.id
      where (s.digest_email or s.digest_push) and u.suspended_at is null`,
  );
  const t = now.getTime();
  let sent = 0;
  for (const m of members) {
    const tz = m.time_zone ?? 'UTC';
    if (!knownZone(tz)) continue;
    const today = localDate(t, tz);
    const at = localInstant(today, m.local_time ?? DEFAULT_TIME, tz).getTime();
    if (t < at || t - at > LATE_LIMIT_MS || isQuietMinute(localMinute(t, tz))) continue;
    try {
      // Mail and push in the member's language (server/src/lib/i18n.ts).
      if (await inLanguage(m.language, () => digestOne(deps, m, today, now))) sent += 1;
    } catch (err) {
      deps.warn(`digest for member ${m.id}: ${(err as Error).message}`);
    }
  }
  return sent;
}

async function digestOne(deps: DigestDeps, m: Member, today: string, now: Date) {
  const after = Number(m.last_id ?? 0);
  const fresh = (await listNotifications(deps.db, m.id, { limit: DIGEST_MAX + 1, after })).filter(
    (n) => n.readAt === null,
  );
  if (fresh.length === 0) return false;
  const newest = fresh.at(-1)!.id;
  const keys = await deps.keys();
  const offUrl = new URL(
    `/api/notifications/digest-off?token=${digestOffToken(keys.tokenSecret, m.id)}`,
    deps.siteUrl,
  ).toString();
  const count = fresh.length > DIGEST_MAX ? `${DIGEST_MAX}+` : String(fresh.length);
  const n = fresh.length;
  const title = say(
    '{n, plural, one {{count} new notification} other {{count} new notifications}}',
    { n, count },
  );
  const body = say(
    '{n, plural, one {You have {count} new unread notification on FitBench.} other {You have {count} new unread notifications on FitBench.}}',
    { n, count },
  );
  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await rowsOf<{ user_id: number }>(
      tx as unknown as Db,
      sql`insert into notification_digests (user_id, local_date, last_id, sent_at)
        values (${m.id}::int, ${today}::date, ${newest}, ${now.toISOString()}::timestamptz)
        on conflict do nothing returning user_id`,
    );
    if (rows.length === 0) return false;
    // Mail only to an address the member proved theirs.
    if (m.digest_email && m.email_confirmed_at) {
      const mail = composeMail({
        to: m.email,
        subject: title,
        paragraphs: [
          greeting(
            provenName({ username: m.username, emailConfirmedAt: new Date(m.email_confirmed_at) }),
          ),
          body,
          say(
            "You get this digest, at most once a day, because you turned it on. To turn it off: {url} (or your mail app's unsubscribe button).",
            { url: new URL('/notifications', deps.siteUrl).toString() },
          ),
        ],
        link: { label: say('See them'), url: new URL('/notifications', deps.siteUrl).toString() },
      });
      await deps.queueMail(
        {
          ...mail,
          headers: {
            'List-Unsubscribe': `<${offUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        },
        tx as unknown as Db,
      );
    }
    // Queued with the day's row (server/src/routes/reminders/push-queue.ts sends and retries it).
    if (m.digest_push)
      await queuePushToMember(
        tx as unknown as Db,
        m.id,
        { title, body, url: '/notifications', tag: 'fitbench-digest', offUrl },
        now,
      );
    return true;
  });
  if (!claimed) return false;
  deps.kickMail();
  return true;
}
