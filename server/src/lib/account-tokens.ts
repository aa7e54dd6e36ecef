import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountTokens } from '../db/schema';
import { newToken, sha256Hex } from './tokens';

/** What a token emailed to a member lets its holder do. */
export type TokenPurpose =
  'password-reset' | 'confirm-email' | 'change-email' | 'undo-email-change';

/**
 * A new link for the member and purpose: 256 random bits, of which only the SHA-256 is stored.
 * It replaces the member's previous one of the same purpose (only the newest link works).
 */
export async function issueToken(
  db: Db,
  userId: number,
  purpose: TokenPurpose,
  ttlMs: number,
  now: Date,
  email: string | null = null,
): Promise<string> {
  const token = newToken();
  const values = {
    id: sha256Hex(token),
    userId,
    purpose,
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  };
  await db
    .insert(accountTokens)
    .values(values)
    .onConflictDoUpdate({
      target: [accountTokens.userId, accountTokens.purpose],
      set: { id: values.id, email, createdAt: now, expiresAt: values.expiresAt },
    });
  return token;
}

/**
 * A new link only if the member has no live one of the purpose (then null): the first undo link
 * of an address change must outlive any later change, which would otherwise replace it
 * (docs/decisions/0205-account-tokens-end-and-undo.md).
 */
export async function issueTokenUnlessLive(
  db: Db,
  userId: number,
  purpose: TokenPurpose,
  ttlMs: number,
  now: Date,
  email: string,
): Promise<string | null> {
  const token = newToken();
  const values = {
    id: sha256Hex(token),
    userId,
    purpose,
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  };
  const rows = await db
    .insert(accountTokens)
    .values(values)
    .onConflictDoUpdate({
      target: [accountTokens.userId, accountTokens.purpose],
      set: { id: values.id, email, createdAt: now, expiresAt: values.expiresAt },
      setWhere: sql`${accountTokens.expiresAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ id: accountTokens.id });
  return rows.length > 0 ? token : null;
}

/**
 * Ends every pending link of the member (reset, confirmation, change of address): a password
 * change or reset, "sign out everywhere" and a completed change of address each call it, so a
 * link asked for by whoever had the account before cannot outlive them. The undo link of an
 * address change stays: it belongs to the old address, which the account's new holder must not
 * be able to silence (docs/decisions/0205-account-tokens-end-and-undo.md).
 */
export async function endPendingTokens(db: Db, userId: number) {
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), ne(accountTokens.purpose, 'undo-email-change')));
}

type TokenRow = typeof accountTokens.$inferSelect;
export type TokenLookup = { ok: true; row: TokenRow } | { ok: false; why: 'unknown' | 'expired' };

/** The live token behind a link, without using it (to check the rest of a form first). */
export async function findToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<TokenLookup> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.id, sha256Hex(token)), eq(accountTokens.purpose, purpose)));
  if (!row) return { ok: false, why: 'unknown' };
  if (row.expiresAt <= now) return { ok: false, why: 'expired' };
  return { ok: true, row };
}

/**
 * Uses a token: deleted in one statement if it is still live, so two requests with the same link
 * cannot both succeed. Returns the row, or null (used meanwhile, replaced or expired).
 */
export async function consumeToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<TokenRow | null> {
  const [row] = await db
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.id, sha256Hex(token)),
        eq(accountTokens.purpose, purpose),
        sql`${accountTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ?? null;
}
