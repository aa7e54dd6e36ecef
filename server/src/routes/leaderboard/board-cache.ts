import type { Database } from '../../db/client';
import { listenToChannel } from '../../lib/db-channel';

/**
 * Leaderboard bodies cached in the process, never served stale. Callers only ever call
 * `getOrLoad(key, load)`; the protocol that keeps it fresh lives here:
 * - a load is tagged with the generation current when it *starts*, and its value is kept only if
 *   the generation has not moved on by the time it ends (a write overlapped it);
 * - the generation moves on, and every entry is dropped, when a route that changes boards
 *   succeeds, before its response is sent (./board-cache.plugin.ts, so the writer's next read
 *   misses), and, with PostgreSQL, whenever the database says a workout or a user changed
 *   (NOTIFY from statement triggers, so other instances drop theirs);
 * - concurrent misses on one key within one generation share one load;
 * - with PostgreSQL the cache is bypassed whenever that notification channel is not connected;
 * - while bypassed (or turned off), nothing is kept, but concurrent requests for one key still
 *   share reads, only ones that begin after they arrive (readFresh).
 * With PGlite only this process can write (the DATA_DIR lock), so local invalidation is complete.
 * Entries belong to a scope (a challenge's boards): a write to one challenge moves that scope's
 * generation on and drops its entries only, so saves on one board do not empty another's cache;
 * invalidate() without a scope (a member's name or privacy changed) drops everything. Entries kept
 * without a scope depend on every challenge and go with any scope's.
 * See docs/decisions/0019-leaderboard-cache.md and 0098-challenge-catalogue.md.
 */
export class BoardCache {
  private generation = 0;
  private scopeGenerations = new Map<string, number>();
  // Only values loaded within the current generation are here: invalidate() empties both maps.
  // Keys are `${scope}\u0000${key}`.
  private entries = new Map<string, unknown>();
  private loading = new Map<string, Promise<unknown>>();
  // Cache off (readFresh): the keys with a read in flight, and the read queued to begin next.
  private reading = new Set<string>();
  private queued = new Map<string, { promise: Promise<unknown>; begin: () => void }>();
  private enabled: boolean;
  private readonly maxEntries: number;

  constructor(options: { enabled?: boolean; maxEntries?: number } = {}) {
    this.enabled = options.enabled ?? true;
    this.maxEntries = options.maxEntries ?? 2000;
  }

  /**
   * The cached value for `key`, or the result of `load()`, kept unless a write overlapped the
   * load. While disabled, nothing is kept (readFresh). A key must always be used with the same
   * value type.
   */
  async getOrLoad<T>(key: string, load: () => Promise<T>, scope = ''): Promise<T> {
    key = `${scope}\u0000${key}`;
    if (!this.enabled) return this.readFresh(key, load);
    if (this.entries.has(key)) {
      const value = this.entries.get(key) as T;
      // Refresh its place in the insertion order: the map doubles as an LRU list.
      this.entries.delete(key);
      this.entries.set(key, value);
      return value;
    }
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const scopeGeneration = this.scopeGenerations.get(scope) ?? 0;
    const promise = load();
    this.loading.set(key, promise);
    try {
      const value = await promise;
      const current =
        generation === this.generation &&
        scopeGeneration === (this.scopeGenerations.get(scope) ?? 0);
      if (this.enabled && current) this.store(key, value);
      return value;
    } finally {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    }
  }

  /**
   * A read that begins after this call, shared with the other calls for `key` that arrive before
   * it begins. A caller never joins the read in flight (it may have begun before a write this
   * caller has seen committed): it begins one if none is, else it joins the one queued to begin
   * when that read ends. So every answer reflects every write committed before it was asked for,
   * as one read per call would, while a crowd asking for one board costs one read at a time
   * instead of one each (docs/decisions/0075-fresh-reads-shared.md).
   */
  private readFresh<T>(key: string, load: () => Promise<T>): Promise<T> {
    const queued = this.queued.get(key);
    if (queued) return queued.promise as Promise<T>;
    if (!this.reading.has(key)) return this.begin(key, load);
    let begin!: () => void;
    const promise = new Promise<T>((resolve, reject) => {
      begin = () => void this.begin(key, load).then(resolve, reject);
    });
    this.queued.set(key, { promise, begin });
    return promise;
  }

  private begin<T>(key: string, load: () => Promise<T>): Promise<T> {
    this.reading.add(key);
    let promise: Promise<T>;
    try {
      promise = load();
    } catch (err) {
      promise = Promise.reject(err);
    }
    const done = () => {
      this.reading.delete(key);
      const next = this.queued.get(key);
      if (next) {
        this.queued.delete(key);
        next.begin();
      }
    };
    promise.then(done, done);
    return promise;
  }

  private store(key: string, value: unknown) {
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** How many values are held (for tests). */
  get size() {
    return this.entries.size;
  }

  /** Drops the scope's entries (a challenge's boards), or every entry without a scope. */
  invalidate(scope?: string) {
    if (scope) {
      // Entries without a scope (public profiles: every challenge's sets) go with any scope's.
      for (const s of [scope, '']) {
        this.scopeGenerations.set(s, (this.scopeGenerations.get(s) ?? 0) + 1);
        const prefix = `${s}\u0000`;
        for (const map of [this.entries, this.loading])
          for (const key of map.keys()) if (key.startsWith(prefix)) map.delete(key);
      }
      return;
    }
    this.generation += 1;
    this.entries.clear();
    // A load in flight may predate the write: later callers must not join it.
    this.loading.clear();
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
 * The scope a follow or unfollow invalidates (the payload of its change notice,
 * server/src/db/sql/leaderboard.sql section 10): no board is in it, so only the entries without a
 * scope go with it (public profiles, which show follower counts).
 */
export const FOLLOWS_SCOPE = 'follows';

/**
 * Listens for the database's change notices (lb_notify_board, server/src/db/sql/leaderboard.sql)
 * and keeps the cache off while the channel is down, reconnecting with a growing delay. Returns a stop function.
 */
export function listenForBoardChanges(url: string, cache: BoardCache, log: (msg: string) => void) {
  return listenToChannel(url, BOARD_CHANNEL, {
    // The payload names the challenge whose boards changed ('' : all of them).
    onNotify: (payload) => cache.invalidate(payload || undefined),
    onUp: () => cache.setEnabled(true),
    onDown: () => cache.setEnabled(false),
    log,
  });
}

/**
 * Connects the cache to the database's change notices: on PostgreSQL a LISTEN connection (other
 * instances write too; the cache is bypassed until it is up); on PGlite a listener on the embedded
 * database, for changes no route announces (housekeeping, a member's rows removed), heard before
 * the writing statement returns. Returns a stop function.
 */
export async function connectBoardCache(
  database: Database,
  cache: BoardCache,
  log: (msg: string) => void,
): Promise<() => Promise<void>> {
  if (database.kind === 'postgres' && database.url)
    return listenForBoardChanges(database.url, cache, log);
  if (database.pglite) {
    return database.pglite.listen(BOARD_CHANNEL, (payload) =>
      cache.invalidate(payload || undefined),
    );
  }
  return async () => undefined;
}
