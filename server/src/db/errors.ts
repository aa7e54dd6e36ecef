// What a database error means, on either driver (Drizzle wraps the driver's error in `cause`).

/** The SQLSTATE of an error or of one it wraps (pg and PGlite both carry it in `code`), or undefined. */
export function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique constraint refused the row (23505). */
export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';

// Connection-level failures: the database is down, restarting, refusing or not answering.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended|not queryable/i;

/** Whether an error (or one it wraps, as Drizzle does) means the database cannot be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** The first message of an error chain that is not Drizzle's "Failed query" wrapper. */
export function describeError(err: unknown): string {
  for (let e = err; e; e = (e as { cause?: unknown }).cause) {
    const msg = (e as Error).message;
    if (msg && !msg.startsWith('Failed query')) return msg;
    if (!(e as { cause?: unknown }).cause) return msg;
  }
  return String(err);
}
