import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { isUniqueViolation, type Db } from '../../db/client';
import { accountTokens, users } from '../../db/schema';
import { consumeToken, findToken, issueToken } from '../../lib/account-tokens';
import { badRequest } from '../../lib/errors';
import * as rateLimit from '../../lib/rate-limit';
import { addressAttemptMail, changeEmailMail, confirmEmailMail, emailChangedMail, emailChangeRequestedMail } from '../../mail/messages';
import type { MailMessage } from '../../mail/queue';

type UserRow = typeof users.$inferSelect;
type Queue = (message: MailMessage, db?: Db) => Promise<void>;

const HOUR = 3_600_000;
export const CONFIRM_LINK_HOURS = 24;
/**
 * An unconfirmed account keeps its address to itself this long after it registered; then a newer
 * account may confirm the address and take it (docs/decisions/0112-confirmed-addresses.md).
 */
export const TAKEOVER_AFTER_MS = 7 * 24 * HOUR;
/** "Someone tried to register with your address": at most this many per address in a day. */
const ATTEMPT_NOTICES_PER_DAY = 3;

export const confirmUrl = (siteUrl: string, token: string) => `${siteUrl}/confirm-email?token=${encodeURIComponent(token)}`;

/**
 * The accounts that keep `email` from `userId`, which claims it at `arrivedAt` (its registration,
 * or the moment it asks to change to it): one that has confirmed it; or else the address's first
 * unconfirmed holder, if it came before and registered less than 7 days ago. Later unconfirmed
 * holders protect nothing, so registering again and again cannot keep an address from its owner.
 */
export async function addressHolders(db: Db, email: string, userId: number, arrivedAt: Date, now: Date): Promise<UserRow[]> {
  const others = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)))
    .orderBy(users.createdAt, users.id);
  const confirmed = others.filter((o) => o.emailConfirmedAt !== null);
  if (confirmed.length > 0) return confirmed;
  const first = others[0];
  if (first && first.createdAt < arrivedAt && now.getTime() - first.createdAt.getTime() < TAKEOVER_AFTER_MS) return [first];
  return [];
}

/**
 * Sends `user` a link confirming `email` (24 h; the newest only) when the address is free for it;
 * otherwise tells the address's holder that someone tried (a few a day at most), and `user` gets
 * nothing. The caller answers the same either way, so nobody learns whose an address is.
 */
export async function sendConfirmation(
  db: Db,
  queue: Queue,
  user: Pick<UserRow, 'id' | 'username'>,
  email: string,
  arrivedAt: Date,
  now: Date,
  siteUrl: string,
  resetUrl: string,
): Promise<'link' | 'notice' | 'none'> {
  const [holder] = await addressHolders(db, email, user.id, arrivedAt, now);
  if (!holder) {
    const token = await issueToken(db, user.id, 'confirm-email', CONFIRM_LINK_HOURS * HOUR, now, email);
    await queue(confirmEmailMail(email, user.username, confirmUrl(siteUrl, token), CONFIRM_LINK_HOURS), db);
    return 'link';
  }
  const notices = await rateLimit.hit(db, `address-notice:${email.toLowerCase()}`, 24 * HOUR, now);
  if (notices.count > ATTEMPT_NOTICES_PER_DAY) return 'none';
  await queue(addressAttemptMail(holder.email, holder.username, resetUrl), db);
  return 'notice';
}

export const CONFIRM_LINK_EXPIRED = 'This link has expired. Ask for a new one on your profile.';
export const CONFIRM_LINK_INVALID = 'This link is not valid: it may have been used already, or a newer one was sent. Ask for a new one on your profile.';
export const ADDRESS_TAKEN = 'This address was confirmed by another account meanwhile. Choose another address in your settings.';

/**
 * Marks the account's address confirmed, unless another account confirmed it first (the unique
 * index on confirmed addresses decides a race). Returns false then.
 */
export async function markConfirmed(db: Db, userId: number, now: Date): Promise<boolean> {
  try {
    const rows = await db
      .update(users)
      .set({ emailConfirmedAt: now })
      .where(
        and(
          eq(users.id, userId),
          sql`not exists (select 1 from users o where lower(o.email) = lower(${users.email}) and o.email_confirmed_at is not null and o.id <> ${userId})`,
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/**
 * Follows a link: a confirmation of the account's address, or of the new address it asked to move
 * to (then the address changes, confirmed, and the old one is told). Used once; a confirmation of
 * an address the account no longer has confirms nothing.
 */
export async function confirmEmail(db: Db, queue: Queue, token: string, now: Date): Promise<{ user: UserRow; previous: string | null }> {
  let purpose: 'confirm-email' | 'change-email' = 'confirm-email';
  let found = await findToken(db, token, purpose, now);
  if (!found.ok && found.why === 'unknown') {
    purpose = 'change-email';
    found = await findToken(db, token, purpose, now);
  }
  if (!found.ok) {
    const message = found.why === 'expired' ? CONFIRM_LINK_EXPIRED : CONFIRM_LINK_INVALID;
    throw badRequest(message, { token: [message] });
  }
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, purpose, now);
    const [user] = used ? await tx.select().from(users).where(eq(users.id, used.userId)) : [];
    if (!used || !user || !used.email) throw badRequest(CONFIRM_LINK_INVALID, { token: [CONFIRM_LINK_INVALID] });
    if (purpose === 'change-email') {
      const taken = await confirmedElsewhere(tx, used.email, user.id);
      if (taken) throw badRequest(ADDRESS_TAKEN, { token: [ADDRESS_TAKEN] });
      const [changed] = await tx
        .update(users)
        .set({ email: used.email, emailConfirmedAt: now })
        .where(eq(users.id, user.id))
        .returning();
      // A pending confirmation of the old address means nothing now.
      await tx.delete(accountTokens).where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'confirm-email')));
      await queue(emailChangedMail(user.email, user.username, used.email), tx);
      return { user: changed!, previous: user.email };
    }
    // The account changed its address since the link was sent: the link confirms nothing.
    if (used.email.toLowerCase() !== user.email.toLowerCase()) {
      throw badRequest(CONFIRM_LINK_INVALID, { token: [CONFIRM_LINK_INVALID] });
    }
    if (user.emailConfirmedAt) return { user, previous: null };
    if (!(await markConfirmed(tx, user.id, now))) throw badRequest(ADDRESS_TAKEN, { token: [ADDRESS_TAKEN] });
    return { user: { ...user, emailConfirmedAt: now }, previous: null };
  });
}

export const SAME_ADDRESS = 'That is already your address.';

/**
 * Asks to move the account to another address: the new one is sent a link (24 h) if it is free
 * for this account, else its holder is told, as at registration; the current address is told a
 * change was asked for. The address changes only when the link is followed.
 */
export async function requestEmailChange(
  db: Db,
  queue: Queue,
  user: UserRow,
  email: string,
  now: Date,
  siteUrl: string,
  resetUrl: string,
) {
  if (email.toLowerCase() === user.email.toLowerCase()) throw badRequest(SAME_ADDRESS, { email: [SAME_ADDRESS] });
  const [holder] = await addressHolders(db, email, user.id, now, now);
  if (holder) {
    const notices = await rateLimit.hit(db, `address-notice:${email.toLowerCase()}`, 24 * HOUR, now);
    if (notices.count <= ATTEMPT_NOTICES_PER_DAY) await queue(addressAttemptMail(holder.email, holder.username, resetUrl));
  } else {
    const token = await issueToken(db, user.id, 'change-email', CONFIRM_LINK_HOURS * HOUR, now, email);
    await queue(changeEmailMail(email, user.username, confirmUrl(siteUrl, token), CONFIRM_LINK_HOURS));
  }
  await queue(emailChangeRequestedMail(user.email, user.username));
}

/** Whether any other account has confirmed `email` (for tests and the settings screen). */
export async function confirmedElsewhere(db: Db, email: string, userId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNotNull(users.emailConfirmedAt), ne(users.id, userId)));
  return rows.length > 0;
}
