import { eq, sql } from 'drizzle-orm';
import {
  RESET_LINK_MINUTES,
  type CompleteResetInput,
  type ResetLinkState,
} from '@common/schemas/recovery';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { inLanguage } from '../../lib/i18n';
import { consumeToken, endPendingTokens, findToken, issueToken } from '../../lib/account-tokens';
import { addressKey } from '../../lib/client-address';
import { badRequest, tooManyRequestsSaying } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import * as rateLimit from '../../lib/rate-limit';
import type { MailMessage } from '../../mail/queue';
import { passwordChangedMail, passwordResetMail, provenName } from '../../mail/messages';
import { newPasswordProblem } from '../account';
import { markConfirmed } from '../email';

export interface ResetLimits {
  passwordResetMax: number;
  passwordResetEmailMax: number;
  passwordResetWindowMs: number;
}

type Queue = (message: MailMessage, db?: Db) => Promise<void>;

const minutes = (s: number) => Math.max(1, Math.ceil(s / 60));
export const RESET_TTL_MS = RESET_LINK_MINUTES * 60_000;

export const resetUrl = (siteUrl: string, token?: string) =>
  `${siteUrl}/reset-password${token ? `?token=${encodeURIComponent(token)}` : ''}`;

/**
 * Counts a reset request per client address and per email address (any address, with an account
 * or not, so a 429 tells nothing either). The same work whether or not an account uses the
 * address: the caller answers after it, and looks for accounts only then (sendResetLinks).
 */
export async function countResetRequest(
  db: Db,
  email: string,
  ip: string,
  now: Date,
  config: ResetLimits,
) {
  const byAddress = await rateLimit.hit(
    db,
    `reset-ip:${addressKey(ip)}`,
    config.passwordResetWindowMs,
    now,
  );
  if (byAddress.count > config.passwordResetMax) {
    const after = rateLimit.retryAfterSeconds(byAddress, now);
    throw tooManyRequestsSaying(
      'Too many reset requests from your network. Please try again in {minutes} minutes.',
      { minutes: minutes(after) },
      after,
    );
  }
  const lower = email.toLowerCase();
  const byEmail = await rateLimit.hit(
    db,
    `reset-email:${lower}`,
    config.passwordResetWindowMs,
    now,
  );
  if (byEmail.count > config.passwordResetEmailMax) {
    const after = rateLimit.retryAfterSeconds(byEmail, now);
    throw tooManyRequestsSaying(
      'Too many reset requests for this address. Please try again in {minutes} minutes.',
      { minutes: minutes(after) },
      after,
    );
  }
}

/**
 * Sends a reset link to every account that uses the address, and nothing otherwise. Run after the
 * answer is sent, so its work (a token and a message per account) does not show in the answer's
 * timing (docs/decisions/0206-email-change-limits-and-unproven-addresses.md). Returns the accounts.
 */
export async function sendResetLinks(
  db: Db,
  queue: Queue,
  email: string,
  now: Date,
  siteUrl: string,
) {
  const owners = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  for (const user of owners) {
    const token = await issueToken(db, user.id, 'password-reset', RESET_TTL_MS, now, user.email);
    await queue(
      inLanguage(user.language, () =>
        passwordResetMail(
          user.email,
          provenName(user),
          resetUrl(siteUrl, token),
          RESET_LINK_MINUTES,
        ),
      ),
    );
  }
  return owners.map((u) => u.id);
}

export const LINK_EXPIRED = 'This link has expired. Ask for a new one.';
export const LINK_INVALID =
  'This link is not valid: it may have been used already, or a newer one was sent. Ask for a new one.';

function linkRefused(why: 'unknown' | 'expired') {
  const message = why === 'expired' ? LINK_EXPIRED : LINK_INVALID;
  return badRequest(message, { token: [message] });
}

/**
 * Whether a reset link still works, without using it: its page asks as it opens, so a used or
 * expired link is said before any typing (docs/decisions/0198-reset-link-checked-on-open.md).
 * Counted per client address in its own window of the reset requests' size; the answer names no
 * account.
 */
export async function checkResetLink(
  db: Db,
  token: string,
  ip: string,
  now: Date,
  config: ResetLimits,
): Promise<ResetLinkState> {
  const byAddress = await rateLimit.hit(
    db,
    `reset-check-ip:${addressKey(ip)}`,
    config.passwordResetWindowMs,
    now,
  );
  if (byAddress.count > config.passwordResetMax * CHECKS_PER_REQUEST) {
    const after = rateLimit.retryAfterSeconds(byAddress, now);
    throw tooManyRequestsSaying(
      'Too many link checks from your network. Please try again in {minutes} minutes.',
      { minutes: minutes(after) },
      after,
    );
  }
  const found = await findToken(db, token, 'password-reset', now);
  if (found.ok) return { usable: true, expiresAt: found.row.expiresAt.toISOString() };
  return found.why === 'expired'
    ? { usable: false, reason: 'expired', message: LINK_EXPIRED }
    : { usable: false, reason: 'invalid', message: LINK_INVALID };
}

/** A link's page may be opened (and reloaded) a few times for each link asked for. */
const CHECKS_PER_REQUEST = 3;

/**
 * Sets a new password with a reset link: the link is used once (deleted in the same transaction),
 * every session and every other pending link of the member end, a notice goes to the address. Following the link also proves
 * the member reads that address, so it counts as confirmed. Returns the member, for a new session.
 */
export async function completeReset(
  db: Db,
  queue: Queue,
  input: CompleteResetInput,
  now: Date,
  siteUrl: string,
) {
  const found = await findToken(db, input.token, 'password-reset', now);
  if (!found.ok) throw linkRefused(found.why);
  const [user] = await db.select().from(users).where(eq(users.id, found.row.userId));
  if (!user) throw linkRefused('unknown');
  const problem = newPasswordProblem(input.password, user);
  if (problem) throw badRequest(problem, { password: [problem] });
  const passwordHash = await hashPassword(input.password);
  return db
    .transaction(async (tx) => {
      const used = await consumeToken(tx, input.token, 'password-reset', now);
      if (!used) throw linkRefused('unknown');
      const [updated] = await tx
        .update(users)
        .set({ passwordHash })
        .where(eq(users.id, user.id))
        .returning();
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      // Every other pending link too (a change of address asked for with the old password).
      await endPendingTokens(tx, user.id);
      await rateLimit.clear(tx, `password:${user.id}`);
      await queue(
        inLanguage(user.language, () =>
          passwordChangedMail(user.email, provenName(user), resetUrl(siteUrl)),
        ),
        tx,
      );
      return { user: updated!, linkEmail: used.email };
    })
    .then(async ({ user: updated, linkEmail }) => {
      // The link proved the member reads the address it went to: confirmed, if still theirs and no
      // other account confirmed it (docs/decisions/0112-confirmed-addresses.md).
      if (
        !updated.emailConfirmedAt &&
        linkEmail?.toLowerCase() === updated.email.toLowerCase() &&
        (await markConfirmed(db, updated.id, now))
      ) {
        return { ...updated, emailConfirmedAt: now };
      }
      return updated;
    });
}
