// The stream's resume point (GET /api/notifications/stream).

/** The Last-Event-ID header as a notification id; anything else is ignored (a fresh start). */
export function lastEventId(header: string | string[] | undefined): number | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  if (!v || !/^\d{1,15}$/.test(v)) return undefined;
  return Number(v);
}
