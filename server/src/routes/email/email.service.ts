import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { isUniqueViolation, type Db } from '../../db/client';
import { users } from '../../db/schema';
import {
  consumeToken,
  endPendingTokens,
  findToken,
  issueToken,
  issueTokenUnlessLive,
} from '../../lib/account-tokens';
import { inLanguage } from '../../lib/i18n';
import { badRequest, tooManyRequestsSaying } from '../../lib/errors';
import * as rateLimit from '../../lib/rate-limit';
import {
  addressAttemptMail,
  changeEmailMail,
  confirmEmailMail,
  emailChangedMail,
  emailChangeRequestedMail,
  provenName,
} from '../../mail/messages';
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

export const confirmUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/confirm-email?token=${encodeURIComponent(token)}`;
/** How long the old address may undo a change of address (docs/decisions/0205-account-tokens-end-and-undo.md). */
export const UNDO_LINK_DAYS = 14;
export const undoUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/undo-email-change?token=${encodeURIComponent(token)}`;

/**
 * The accounts that keep `email` from `userId`, which claims it at `arrivedAt` (its registration,
 * or the moment it asks to change to it): one that has confirmed it; or else the address's first
 * unconfirmed holder, if it came before and registered less than 7 days ago. Later unconfirmed
 * holders protect nothing, so registering again and again cannot keep an address from its owner.
 */
export async function addressHolders(
  db: Db,
  email: string,
  userId: number,
  arrivedAt: Date,
  now: Date,
): Promise<UserRow[]> {
  const others = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)))
    .orderBy(users.createdAt, users.id);
  const confirmed = others.filter((o) => o.emailConfirmedAt !== null);
  if (confirmed.length > 0) return confirmed;
  const first = others[0];
  if (
    first &&
    first.createdAt < arrivedAt &&
    now.getTime() - first.createdAt.getTime() < TAKEOVER_AFTER_MS
  )
    return [first];
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
  user: Pick<UserRow, 'id'>,
  email: string,
  arrivedAt: Date,
  now: Date,
  siteUrl: string,
  resetUrl: string,
): Promise<'link' | 'notice' | 'none'> {
  const [holder] = await addressHolders(db, email, user.id, arrivedAt, now);
  if (!holder) {
    const token = await issueToken(
      db,
      user.id,
      'confirm-email',
      CONFIRM_LINK_HOURS * HOUR,
      now,
      email,
    );
    // In the language of the request that gave the address (its member chose none yet, or is it).
    await queue(
      inLanguage(null, () =>
        confirmEmailMail(email, confirmUrl(siteUrl, token), CONFIRM_LINK_HOURS),
      ),
      db,
    );
    return 'link';
  }
  const notices = await rateLimit.hit(db, `address-notice:${email.toLowerCase()}`, 24 * HOUR, now);
  if (notices.count > ATTEMPT_NOTICES_PER_DAY) return 'none';
  await queue(
    inLanguage(holder.language, () =>
      addressAttemptMail(holder.email, provenName(holder), resetUrl),
    ),
    db,
  );
  return 'notice';
}

export const CONFIRM_LINK_EXPIRED = 'This link has expired. Ask for a new one on your profile.';
export const CONFIRM_LINK_INVALID =
  'This link is not valid: it may have been used already, or a newer one was sent. Ask for a new one on your profile.';
export const ADDRESS_TAKEN =
  'This address was confirmed by another account meanwhile. Choose another address in your settings.';

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
 * to (then the address changes, confirmed, every other pending link of the account ends, and the
 * old address is told, with a link to undo the change when it was confirmed). Used once; a
 * confirmation of an address the account no longer has confirms nothing.
 */
export async function confirmEmail(
  db: Db,
  queue: Queue,
  token: string,
  now: Date,
  siteUrl: string,
): Promise<{ user: UserRow; previous: string | null }> {
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
    if (!used || !user || !used.email)
      throw badRequest(CONFIRM_LINK_INVALID, { token: [CONFIRM_LINK_INVALID] });
    if (purpose === 'change-email') {
      const taken = await confirmedElsewhere(tx, used.email, user.id);
      if (taken) throw badRequest(ADDRESS_TAKEN, { token: [ADDRESS_TAKEN] });
      const [changed] = await tx
        .update(users)
        .set({ email: used.email, emailConfirmedAt: now })
        .where(eq(users.id, user.id))
        .returning();
      // Links asked for before the change (a reset to the old address, another change) end here.
      await endPendingTokens(tx, user.id);
      // Only a confirmed old address may undo: an unconfirmed one may be a stranger's (a typo at
      // registration), and the undo would hand them the account. The first undo link of a window
      // stays: a second change cannot silence the old address (docs/decisions/0205-account-tokens-end-and-undo.md).
      const undo = user.emailConfirmedAt
        ? await issueTokenUnlessLive(
            tx,
            user.id,
            'undo-email-change',
            UNDO_LINK_DAYS * 24 * HOUR,
            now,
            user.email,
          )
        : null;
      const undoLink = undo ? { url: undoUrl(siteUrl, undo), days: UNDO_LINK_DAYS } : null;
      await queue(
        inLanguage(user.language, () =>
          emailChangedMail(user.email, provenName(user), used.email!, undoLink),
        ),
        tx,
      );
      return { user: changed!, previous: user.email };
    }
    // The account changed its address since the link was sent: the link confirms nothing.
    if (used.email.toLowerCase() !== user.email.toLowerCase()) {
      throw badRequest(CONFIRM_LINK_INVALID, { token: [CONFIRM_LINK_INVALID] });
    }
    if (user.emailConfirmedAt) return { user, previous: null };
    if (!(await markConfirmed(tx, user.id, now)))
      throw badRequest(ADDRESS_TAKEN, { token: [ADDRESS_TAKEN] });
    return { user: { ...user, emailConfirmedAt: now }, previous: null };
  });
}

export const SAME_ADDRESS = 'That is already your address.';

export interface EmailChangeLimits {
  emailChangeMax: number;
  emailChangeAddressMax: number;
  emailChangeWindowMs: number;
}

const minutes = (s: number) => Math.max(1, Math.ceil(s / 60));

/**
 * Counts a change request per member and per address asked for (any address, with an account or
 * not, so a 429 tells nothing about it): each sends up to two messages.
 */
async function countChangeRequest(
  db: Db,
  userId: number,
  email: string,
  now: Date,
  limits: EmailChangeLimits,
) {
  const byMember = await rateLimit.hit(
    db,
    `email-change:${userId}`,
    limits.emailChangeWindowMs,
    now,
  );
  if (byMember.count > limits.emailChangeMax) {
    const after = rateLimit.retryAfterSeconds(byMember, now);
    throw tooManyRequestsSaying(
      'You asked for many changes of address. Please try again in {minutes} minutes.',
      { minutes: minutes(after) },
      after,
    );
  }
  const byAddress = await rateLimit.hit(
    db,
    `email-change-to:${email.toLowerCase()}`,
    limits.emailChangeWindowMs,
    now,
  );
  if (byAddress.count > limits.emailChangeAddressMax) {
    const after = rateLimit.retryAfterSeconds(byAddress, now);
    throw tooManyRequestsSaying(
      'Many messages went to that address lately. Please try again in {minutes} minutes.',
      { minutes: minutes(after) },
      after,
    );
  }
}

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
  limits: EmailChangeLimits,
) {
  if (email.toLowerCase() === user.email.toLowerCase())
    throw badRequest(SAME_ADDRESS, { email: [SAME_ADDRESS] });
  await countChangeRequest(db, user.id, email, now, limits);
  const [holder] = await addressHolders(db, email, user.id, now, now);
  if (holder) {
    const notices = await rateLimit.hit(
      db,
      `address-notice:${email.toLowerCase()}`,
      24 * HOUR,
      now,
    );
    if (notices.count <= ATTEMPT_NOTICES_PER_DAY)
      await queue(
        inLanguage(holder.language, () =>
          addressAttemptMail(holder.email, provenName(holder), resetUrl),
        ),
      );
  } else {
    const token = await issueToken(
      db,
      user.id,
      'change-email',
      CONFIRM_LINK_HOURS * HOUR,
      now,
      email,
    );
    // The new address is not proven yet: the message carries nothing the member chose.
    await queue(
      inLanguage(user.language, () =>
        changeEmailMail(email, confirmUrl(siteUrl, token), CONFIRM_LINK_HOURS),
      ),
    );
  }
  await queue(
    inLanguage(user.language, () => emailChangeRequestedMail(user.email, provenName(user))),
  );
}

/** Whether any other account has confirmed `email` (for tests and the settings screen). */
export async function confirmedElsewhere(db: Db, email: string, userId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        isNotNull(users.emailConfirmedAt),
        ne(users.id, userId),
      ),
    );
  return rows.length > 0;
}
