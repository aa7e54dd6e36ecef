import { z } from 'zod';

// The list's cursor: the last id of the previous page, opaque to clients (base64url of `n<id>`).

export const pageCursor = (id: number) => Buffer.from(`n${id}`, 'utf8').toString('base64url');

function decode(raw: string): number | null {
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  if (!/^n\d{1,15}$/.test(text)) return null;
  const id = Number(text.slice(1));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The query's `cursor` decoded, so a forged one is a field error (400). */
export function readCursor(raw: z.ZodOptional<z.ZodString>) {
  return raw.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const id = decode(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: 'cursor is not valid' });
      return z.NEVER;
    }
    return id;
  });
}

/** The Last-Event-ID header as a notification id; anything else is ignored (a fresh start). */
export function lastEventId(header: string | string[] | undefined): number | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  if (!v || !/^\d{1,15}$/.test(v)) return undefined;
  return Number(v);
}
