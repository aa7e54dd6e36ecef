import { z } from 'zod';
import { INT4_MAX } from './workout-id';

// The cursor of a page newest first (the workouts list; the following lists use it too): the row's
// created_at with PostgreSQL's microseconds, then its id, opaque to clients (base64url).

export interface WorkoutCursor {
  /** created_at in UTC with PostgreSQL's full microsecond precision (a JS Date would lose it). */
  ts: string;
  id: number;
}

const CURSOR_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

export function encodeCursor(c: WorkoutCursor): string {
  return Buffer.from(`${c.ts}|${c.id}`, 'utf8').toString('base64url');
}

/** Returns null for anything this server did not make. */
export function decodeCursor(raw: string): WorkoutCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  const [ts, idText, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !ts || !idText || !CURSOR_TS.test(ts) || !/^\d{1,10}$/.test(idText))
    return null;
  // Rejects impossible dates (2026-02-30) that the pattern lets through.
  const ms = ts.slice(0, 23);
  const d = new Date(`${ms}Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 23) !== ms) return null;
  const id = Number(idText);
  if (id < 1 || id > INT4_MAX) return null;
  return { ts, id };
}

/**
 * A page query's `cursor` field decoded, so a forged one is a field error (400) before the route
 * runs: `cursor: decodedCursor(schema.shape.cursor)`.
 */
export function decodedCursor(raw: z.ZodOptional<z.ZodString>) {
  return raw.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const decoded = decodeCursor(value);
    if (!decoded) {
      ctx.addIssue({
        code: 'custom',
        message: 'cursor is not valid; pass back the X-Next-Cursor header unchanged',
      });
      return z.NEVER;
    }
    return decoded;
  });
}
