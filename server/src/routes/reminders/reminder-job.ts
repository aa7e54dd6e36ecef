import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  isQuietMinute,
  localDate,
  localInstant,
  localMinute,
  wallClock,
  weeklyGoalDue,
} from '@common/reminders';
import { addDays } from '@common/plans';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { reminderSends, reminderSettings, users } from '../../db/schema';
import type { MailMessage } from '../../mail/queue';
import { unsubscribeToken, type ReminderKeys } from './keys';
import { inLanguage } from '../../lib/i18n';
import { reminderMail, reminderText, type ReminderKind } from './messages';
import { planSessionDue } from './plan-due';
import { queuePushToMember } from './push';

// The reminder job (docs/decisions/0235-the-reminder-job.md): any instance may run it at any
// moment; the primary key of reminder_sends (member, local date) decides who sends, so a reminder
// goes once however many instances look, and never twice after a restart.

/** A reminder not sent within this long after its time is skipped for the day (an outage). */
export const LATE_LIMIT_MS = 2 * 3_600_000;

export interface ReminderJobDeps {
  db: Db;
  siteUrl: string;
  keys: () => Promise<ReminderKeys>;
  queueMail: (message: MailMessage, db: Db) => Promise<void>;
  kickMail: () => void;
  warn: (m: string) => void;
}

export const unsubscribeUrl = (siteUrl: string, secret: string, userId: number) =>
  new URL(
    `/api/reminders/unsubscribe?token=${unsubscribeToken(secret, userId)}`,
    siteUrl,
  ).toString();

/** Whether `tz` is a zone Intl knows (a stored zone always is; this keeps one bad row from stopping the pass). */
function knownZone(tz: string): boolean {
  try {
    wallClock(0, tz);
    return true;
  } catch {
    return false;
  }
}

const DAY = 86_400_000;

/** Sessions (local days with a set that is not hidden) this week, and whether today is one. */
async function weekSessions(db: Db, userId: number, tz: string, now: Date) {
  const w = wallClock(now.getTime(), tz);
  const today = localDate(now.getTime(), tz);
  const sunday = localDate(Date.UTC(w.year, w.month - 1, w.day) - w.weekday * DAY, 'UTC');
  const from = localInstant(sunday, '00:00', tz);
  const rows = await rowsOf<{ created_at: string | Date }>(
    db,
    sql`
    select w.created_at from workouts w
    where w.user_id = ${userId} and w.created_at >= ${from.toISOString()}::timestamptz
      and w.created_at <= ${now.toISOString()}::timestamptz
      and not exists (select 1 from hidden_workouts h where h.workout_id = w.id)`,
  );
  const days = new Set(rows.map((r) => localDate(new Date(r.created_at).getTime(), tz)));
  return { weekday: w.weekday, sessions: days.size, trainedToday: days.has(today) };
}

/**
 * One pass at `now`: every member whose reminder time has come today (in their zone, outside
 * quiet hours, within LATE_LIMIT_MS) and who has no row for today gets one looked at; the row is
 * claimed and the mail and pushes queued in one transaction (the plugin then sends the pushes).
 * Returns the reminders this call sent.
 */
export async function runReminders(deps: ReminderJobDeps, now: Date): Promise<number> {
  const { db } = deps;
  const members = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      emailConfirmedAt: users.emailConfirmedAt,
      language: users.language,
      timeZone: users.timeZone,
      goal: users.weeklyGoal,
      planDays: reminderSettings.planDays,
      weeklyGoal: reminderSettings.weeklyGoal,
      localTime: reminderSettings.localTime,
      byEmail: reminderSettings.byEmail,
      byPush: reminderSettings.byPush,
      updatedAt: reminderSettings.updatedAt,
    })
    .from(reminderSettings)
    .innerJoin(users, eq(users.id, reminderSettings.userId))
    .where(
      and(
        // Only the members due: reminder_settings_next_at_idx.
        lte(reminderSettings.nextAt, now),
        or(eq(reminderSettings.planDays, true), eq(reminderSettings.weeklyGoal, true)),
        or(eq(reminderSettings.byEmail, true), eq(reminderSettings.byPush, true)),
        isNull(users.suspendedAt),
      ),
    );
  if (members.length === 0) return 0;
  const t = now.getTime();
  const recent = new Set(
    (
      await db
        .select({ userId: reminderSends.userId, localDate: reminderSends.localDate })
        .from(reminderSends)
        .where(
          and(
            inArray(
              reminderSends.userId,
              members.map((m) => m.id),
            ),
            gte(reminderSends.localDate, localDate(t - 2 * DAY, 'UTC')),
          ),
        )
    ).map((r) => `${r.userId} ${r.localDate}`),
  );
  let sent = 0;
  const moves: Move[] = [];
  for (const m of members) {
    const tz = m.timeZone ?? 'UTC';
    // An unknown zone is looked at again in a day (a stored zone is always known).
    if (!knownZone(tz)) {
      moves.push({ m, at: new Date(t + DAY) });
      continue;
    }
    const today = localDate(t, tz);
    const at = localInstant(today, m.localTime, tz).getTime();
    // Tomorrow's time is found from tomorrow's date, so a change of the clocks moves it.
    const tomorrow = localInstant(addDays(today, 1), m.localTime, tz);
    if (t < at) {
      moves.push({ m, at: new Date(at) });
      continue;
    }
    if (
      recent.has(`${m.id} ${today}`) ||
      t - at > LATE_LIMIT_MS ||
      isQuietMinute(localMinute(t, tz))
    ) {
      moves.push({ m, at: tomorrow });
      continue;
    }
    try {
      // Mail and push in the member's language (server/src/lib/i18n.ts).
      if (await inLanguage(m.language, () => remindOne(deps, m, tz, today, now))) sent += 1;
      moves.push({ m, at: tomorrow });
    } catch (err) {
      // Left due: the next pass tries again (the day's row decides whether it was sent).
      deps.warn(`reminder for member ${m.id}: ${(err as Error).message}`);
    }
  }
  await moveOn(db, moves);
  return sent;
}

type Move = { m: { id: number; updatedAt: Date }; at: Date };

/**
 * When the job next looks at each member: unless their settings (or zone) changed since they were
 * read, which reset the time to now ('-infinity') for the next pass to work out again.
 */
async function moveOn(db: Db, moves: Move[]) {
  if (moves.length === 0) return;
  await db.execute(sql`update reminder_settings s set next_at = v.at
    from unnest(${`{${moves.map((x) => x.m.id).join(',')}}`}::int[],
      ${`{${moves.map((x) => x.at.toISOString()).join(',')}}`}::timestamptz[],
      ${`{${moves.map((x) => x.m.updatedAt.toISOString()).join(',')}}`}::timestamptz[]) v(id, at, seen)
    where s.user_id = v.id and date_trunc('milliseconds', s.updated_at) = v.seen`);
}

type Member = {
  id: number;
  email: string;
  username: string;
  emailConfirmedAt: Date | null;
  language: string | null;
  goal: number;
  planDays: boolean;
  weeklyGoal: boolean;
  byEmail: boolean;
  byPush: boolean;
};

async function remindOne(
  deps: ReminderJobDeps,
  m: Member,
  tz: string,
  today: string,
  now: Date,
): Promise<boolean> {
  const { db } = deps;
  let kind: ReminderKind | 'none' = 'none';
  let missing = 0;
  if (m.planDays && (await planSessionDue(db, m.id, today))) kind = 'plan';
  if (kind === 'none' && m.weeklyGoal) {
    const week = await weekSessions(db, m.id, tz, now);
    missing = m.goal - week.sessions;
    if (weeklyGoalDue(week.weekday, week.sessions, m.goal, week.trainedToday)) kind = 'weekly-goal';
  }
  const keys = await deps.keys();
  const offUrl = unsubscribeUrl(deps.siteUrl, keys.tokenSecret, m.id);
  const text = kind === 'none' ? null : reminderText(kind, missing);
  // Only one instance's insert makes the row: that one sends. The mail and the pushes are queued
  // with it, so they exist once the day's row does (./push-queue.ts sends the pushes).
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(reminderSends)
      .values({ userId: m.id, localDate: today, kind, sentAt: now })
      .onConflictDoNothing()
      .returning({ userId: reminderSends.userId });
    if (rows.length === 0) return false;
    // Mail only to an address the member proved theirs.
    if (text && m.byEmail && m.emailConfirmedAt)
      await deps.queueMail(reminderMail(m, text, deps.siteUrl, offUrl), tx as unknown as Db);
    if (text && m.byPush)
      await queuePushToMember(
        tx as unknown as Db,
        m.id,
        {
          title: text.title,
          body: text.body,
          url: text.path,
          tag: `fitbench-reminder-${kind}`,
          offUrl,
        },
        now,
      );
    return true;
  });
  if (!claimed || !text) return false;
  deps.kickMail();
  return true;
}

/** Runs the job on a timer (the trigger only: the state is in the database). */
export class ReminderTimer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start() {
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
    this.tick();
  }

  private tick() {
    if (this.running) return;
    this.running = this.run()
      .catch(this.onError)
      .finally(() => {
        this.running = null;
      });
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
