import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountTokens } from '../db/schema';
import { newToken, sha256Hex } from './tokens';

/** What a token emailed to a member lets its holder do. */
export type TokenPurpose = 'password-reset' | 'confirm-email' | 'change-email';

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
  const values = { id: sha256Hex(token), userId, purpose, email, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) };
  await db
    .insert(accountTokens)
    .values(values)
    .onConflictDoUpdate({
      target: [accountTokens.userId, accountTokens.purpose],
      set: { id: values.id, email, createdAt: now, expiresAt: values.expiresAt },
    });
  return token;
}

type TokenRow = typeof accountTokens.$inferSelect;
export type TokenLookup = { ok: true; row: TokenRow } | { ok: false; why: 'unknown' | 'expired' };

/** The live token behind a link, without using it (to check the rest of a form first). */
export async function findToken(db: Db, token: string, purpose: TokenPurpose, now: Date): Promise<TokenLookup> {
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
export async function consumeToken(db: Db, token: string, purpose: TokenPurpose, now: Date): Promise<TokenRow | null> {
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
