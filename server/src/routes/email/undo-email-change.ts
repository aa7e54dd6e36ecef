import { eq } from 'drizzle-orm';
import { RESET_LINK_MINUTES } from '@common/schemas/recovery';
import { isUniqueViolation, type Db } from '../../db/client';
import { accountTokens, sessions, users } from '../../db/schema';
import { inLanguage } from '../../lib/i18n';
import { consumeToken, findToken, issueToken } from '../../lib/account-tokens';
import { badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { newToken } from '../../lib/tokens';
import { passwordResetMail } from '../../mail/messages';
import type { MailMessage } from '../../mail/queue';
import { RESET_TTL_MS, resetUrl } from '../recovery';
import { confirmedElsewhere } from './email.service';

type Queue = (message: MailMessage, db?: Db) => Promise<void>;

export const UNDO_LINK_EXPIRED =
  "This link has expired. Write to the site's operator to get your account back.";
export const UNDO_LINK_INVALID =
  "This link is not valid: it may have been used already. Write to the site's operator if your account is still not yours.";
export const UNDO_ADDRESS_TAKEN =
  "Another account has confirmed this address since. Write to the site's operator to get your account back.";

function refused(message: string) {
  return badRequest(message, { token: [message] });
}

/**
 * Follows the undo link the old address got when the account's address changed: the old address
 * comes back (confirmed: the link proves its reader), and whoever changed it loses everything they
 * could still use: every session, every pending link, and the password, replaced by a random one
 * nobody knows. A reset link goes to the restored address at once
 * (docs/decisions/0205-account-tokens-end-and-undo.md).
 */
export async function undoEmailChange(
  db: Db,
  queue: Queue,
  token: string,
  now: Date,
  siteUrl: string,
) {
  const found = await findToken(db, token, 'undo-email-change', now);
  if (!found.ok) throw refused(found.why === 'expired' ? UNDO_LINK_EXPIRED : UNDO_LINK_INVALID);
  // Hashed before the transaction: a busy hasher (503) leaves the link unused.
  const lockedHash = await hashPassword(newToken());
  return db
    .transaction(async (tx) => {
      const used = await consumeToken(tx, token, 'undo-email-change', now);
      const [user] = used ? await tx.select().from(users).where(eq(users.id, used.userId)) : [];
      if (!used?.email || !user) throw refused(UNDO_LINK_INVALID);
      if (await confirmedElsewhere(tx, used.email, user.id)) throw refused(UNDO_ADDRESS_TAKEN);
      const [row] = await tx
        .update(users)
        .set({ email: used.email, emailConfirmedAt: now, passwordHash: lockedHash })
        .where(eq(users.id, user.id))
        .returning();
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      await tx.delete(accountTokens).where(eq(accountTokens.userId, user.id));
      const reset = await issueToken(tx, user.id, 'password-reset', RESET_TTL_MS, now, used.email);
      await queue(
        inLanguage(user.language, () =>
          passwordResetMail(
            used.email!,
            user.username,
            resetUrl(siteUrl, reset),
            RESET_LINK_MINUTES,
          ),
        ),
        tx,
      );
      return row!;
    })
    .catch((err: unknown) => {
      // Another account confirmed the address in the same moment: the unique index decided.
      if (isUniqueViolation(err)) throw refused(UNDO_ADDRESS_TAKEN);
      throw err;
    });
}
