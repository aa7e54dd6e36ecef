import pg from 'pg';

/**
 * Leaderboard bodies cached in the process, never served stale:
 * - a read takes the generation when it *starts*, and its body is kept only if the generation has
 *   not moved on by the time it ends;
 * - the generation moves on, and every entry is dropped, after every write request on this
 *   instance, before its response is sent (so the writer's next read misses), and, with
 *   PostgreSQL, whenever the database says a workout or a user changed (NOTIFY from statement
 *   triggers, so other instances drop theirs);
 * - with PostgreSQL the cache is bypassed whenever that notification channel is not connected.
 * With PGlite only this process can write (the DATA_DIR lock), so local invalidation is complete.
 * See docs/decisions/0206-leaderboard-cache.md.
 */
export class BoardCache {
  private generation = 0;
  // Only bodies read within the current generation are here: invalidate() empties it.
  private entries = new Map<string, string>();
  private enabled: boolean;
  private readonly maxEntries: number;

  constructor(options: { enabled?: boolean; maxEntries?: number } = {}) {
    this.enabled = options.enabled ?? true;
    this.maxEntries = options.maxEntries ?? 2000;
  }

  /** The generation to tag a read with; take it before querying. */
  begin(): number {
    return this.generation;
  }

  get(key: string): string | undefined {
    if (!this.enabled) return undefined;
    const body = this.entries.get(key);
    if (body === undefined) return undefined;
    // Refresh its place in the insertion order: the map doubles as an LRU list.
    this.entries.delete(key);
    this.entries.set(key, body);
    return body;
  }

  set(key: string, generation: number, body: string) {
    // A write landed while this was being read: the body may predate it, so do not keep it.
    if (!this.enabled || generation !== this.generation) return;
    this.entries.set(key, body);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  invalidate() {
    this.generation += 1;
    this.entries.clear();
  }

  setEnabled(on: boolean) {
    this.invalidate();
    this.enabled = on;
  }

  get isEnabled() {
    return this.enabled;
  }
}

export const BOARD_CHANNEL = 'fitbench_board';

/**
 * Listens for the database's change notices (lb_notify_board, server/src/db/sql/leaderboard.sql)
 * and keeps the cache off while the channel is down, reconnecting with a growing delay. Returns a stop function.
 */
export function listenForBoardChanges(url: string, cache: BoardCache, log: (msg: string) => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 250;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    cache.setEnabled(false);
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', () => cache.invalidate());
    c.on('error', (err) => log(`leaderboard change channel error: ${err.message}`));
    c.on('end', () => {
      cache.setEnabled(false);
      if (!stopped) retry();
    });
    try {
      await c.connect();
      await c.query(`listen ${BOARD_CHANNEL}`);
      delay = 250;
      // Anything may have changed while the channel was down: start from empty.
      cache.setEnabled(true);
    } catch (err) {
      log(`leaderboard change channel unavailable: ${(err as Error).message}`);
      await c.end().catch(() => undefined);
    }
  };
  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, 10_000);
  };

  void connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    cache.setEnabled(false);
    await client?.end().catch(() => undefined);
  };
}
