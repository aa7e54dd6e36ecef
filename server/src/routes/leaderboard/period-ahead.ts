import { sql } from 'drizzle-orm';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import type { Db } from '../../db/client';
import { periodRange, periodRangeAt } from './period';

// The next calendar period of every zone the boards were asked for lately is registered shortly
// before the current one ends. It holds no workout yet, so its background fill ends at once, and
// the first board after midnight (or Sunday, or the 1st) finds it ready instead of reading the
// period's workouts. A zone first asked for mid-period is still read once (period-fill.ts).
// Which zones were asked for is a hint kept in this process: forgetting it (a restart) only costs
// that one read. Each challenge's boards have their own periods, so zones are noted per challenge.
// Design: docs/decisions/0071-periods-ahead.md.

const KINDS = ['today', 'week', 'month'] as const;
/** How long before a period ends the next one is registered. */
export const AHEAD_MS = 20 * 60_000;
/** How often the zones are looked at. */
export const AHEAD_EVERY_MS = 5 * 60_000;
/** A zone nobody asked for in this long is forgotten. */
const ZONE_MEMORY_MS = 8 * 86_400_000;
const MAX_ZONES = 1_000;

const zoneKey = (challenge: string, zone: string) => `${challenge}|${zone}`;

/**
 * One app's zones asked for lately, per challenge, and the periods they will need next
 * (./period-fill.plugin.ts makes one per app, beside the fill).
 */
export class PeriodsAhead {
  // Empty until a board is asked for; then UTC's push-up board is always among them.
  private zones = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly periodFill: { kick(): void },
  ) {}

  /** Notes that a board of `challenge` in `tz` was asked for at `now` (cheap: one map write). */
  note(tz: string | undefined, now: Date, challenge = DEFAULT_CHALLENGE): void {
    if (this.zones.size === 0) this.zones.set(zoneKey(DEFAULT_CHALLENGE, 'UTC'), now.getTime());
    const zone = zoneKey(challenge, tz ?? 'UTC');
    if (!this.zones.has(zone) && this.zones.size >= MAX_ZONES) return;
    this.zones.set(zone, now.getTime());
  }

  /** The next periods due: for each zone asked for lately, each period that ends within AHEAD_MS. */
  due(now: Date): { challenge: string; start: Date; end: Date }[] {
    const due = new Map<string, { challenge: string; start: Date; end: Date }>();
    for (const [key, seen] of this.zones) {
      if (now.getTime() - seen > ZONE_MEMORY_MS) {
        this.zones.delete(key);
        continue;
      }
      const cut = key.indexOf('|');
      const challenge = key.slice(0, cut);
      const zone = key.slice(cut + 1);
      for (const kind of KINDS) {
        const { end } = periodRange(kind, now, zone);
        if (!end || end.getTime() - now.getTime() > AHEAD_MS) continue;
        const next = periodRangeAt(kind, end, zone);
        due.set(`${challenge}|${next.start.toISOString()}|${next.end.toISOString()}`, {
          challenge,
          ...next,
        });
      }
    }
    return [...due.values()];
  }

  /** Registers the periods due (each once: lb_period returns an existing one); returns how many. */
  async prepare(now: Date): Promise<number> {
    const due = this.due(now);
    for (const { challenge, start, end } of due) {
      await this.db.execute(
        sql`select lb_period(${challenge}::text, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`,
      );
    }
    if (due.length > 0) this.periodFill.kick();
    return due.length;
  }

  /** Looks every AHEAD_EVERY_MS; returns a stop function. */
  schedule(now: () => Date, onError: (err: unknown) => void): () => void {
    const timer = setInterval(() => {
      this.prepare(now()).catch(onError);
    }, AHEAD_EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  }
}
