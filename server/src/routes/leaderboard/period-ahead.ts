import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { kickPeriodFill } from './period-fill';
import { periodRange, periodRangeAt } from './period';

// The next calendar period of every zone the boards were asked for lately is registered shortly
// before the current one ends. It holds no workout yet, so its background fill ends at once, and
// the first board after midnight (or Sunday, or the 1st) finds it ready instead of reading the
// period's workouts. A zone first asked for mid-period is still read once (period-fill.ts).
// Which zones were asked for is a hint kept in this process: forgetting it (a restart) only costs
// that one read. Design: docs/decisions/0071-periods-ahead.md.

const KINDS = ['today', 'week', 'month'] as const;
/** How long before a period ends the next one is registered. */
export const AHEAD_MS = 20 * 60_000;
/** How often the zones are looked at. */
export const AHEAD_EVERY_MS = 5 * 60_000;
/** A zone nobody asked for in this long is forgotten. */
const ZONE_MEMORY_MS = 8 * 86_400_000;
const MAX_ZONES = 1_000;

const zonesOf = new WeakMap<Db, Map<string, number>>();

/** Notes that a board in `tz` was asked for at `now` (cheap: one map write). */
export function noteBoardZone(db: Db, tz: string | undefined, now: Date): void {
  let zones = zonesOf.get(db);
  if (!zones) zonesOf.set(db, (zones = new Map([['UTC', now.getTime()]])));
  const zone = tz ?? 'UTC';
  if (!zones.has(zone) && zones.size >= MAX_ZONES) return;
  zones.set(zone, now.getTime());
}

/** The next periods due: for each zone asked for lately, each period that ends within AHEAD_MS. */
export function periodsDue(db: Db, now: Date): { start: Date; end: Date }[] {
  const zones = zonesOf.get(db);
  if (!zones) return [];
  const due = new Map<string, { start: Date; end: Date }>();
  for (const [zone, seen] of zones) {
    if (now.getTime() - seen > ZONE_MEMORY_MS) {
      zones.delete(zone);
      continue;
    }
    for (const kind of KINDS) {
      const { end } = periodRange(kind, now, zone);
      if (!end || end.getTime() - now.getTime() > AHEAD_MS) continue;
      const next = periodRangeAt(kind, end, zone);
      due.set(`${next.start.toISOString()}|${next.end.toISOString()}`, next);
    }
  }
  return [...due.values()];
}

/** Registers the periods due (each once: lb_period returns an existing one); returns how many. */
export async function preparePeriodsAhead(db: Db, now: Date): Promise<number> {
  const due = periodsDue(db, now);
  for (const { start, end } of due) {
    await db.execute(sql`select lb_period(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`);
  }
  if (due.length > 0) kickPeriodFill(db);
  return due.length;
}

/** Looks every AHEAD_EVERY_MS; returns a stop function. */
export function schedulePeriodsAhead(db: Db, now: () => Date, onError: (err: unknown) => void) {
  const timer = setInterval(() => {
    preparePeriodsAhead(db, now()).catch(onError);
  }, AHEAD_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
