import { listenToChannel } from './db-channel';

/**
 * Leaderboard bodies cached in the process, never served stale. Callers only ever call
 * `getOrLoad(key, load)`; the protocol that keeps it fresh lives here:
 * - a load is tagged with the generation current when it *starts*, and its value is kept only if
 *   the generation has not moved on by the time it ends (a write overlapped it);
 * - the generation moves on, and every entry is dropped, when a route that changes boards
 *   succeeds, before its response is sent (plugins/board-cache.ts, so the writer's next read
 *   misses), and, with PostgreSQL, whenever the database says a workout or a user changed
 *   (NOTIFY from statement triggers, so other instances drop theirs);
 * - concurrent misses on one key within one generation share one load;
 * - with PostgreSQL the cache is bypassed whenever that notification channel is not connected;
 * - while bypassed (or turned off), nothing is kept, but concurrent requests for one key still
 *   share reads, only ones that begin after they arrive (readFresh).
 * With PGlite only this process can write (the DATA_DIR lock), so local invalidation is complete.
 * See docs/decisions/0019-leaderboard-cache.md.
 */
export class BoardCache {
  private generation = 0;
  // Only values loaded within the current generation are here: invalidate() empties both maps.
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
  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
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
    const promise = load();
    this.loading.set(key, promise);
    try {
      const value = await promise;
      if (this.enabled && generation === this.generation) this.store(key, value);
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

  invalidate() {
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
 * Listens for the database's change notices (lb_notify_board, server/src/db/sql/leaderboard.sql)
 * and keeps the cache off while the channel is down, reconnecting with a growing delay. Returns a stop function.
 */
export function listenForBoardChanges(url: string, cache: BoardCache, log: (msg: string) => void) {
  return listenToChannel(url, BOARD_CHANNEL, {
    onNotify: () => cache.invalidate(),
    onUp: () => cache.setEnabled(true),
    onDown: () => cache.setEnabled(false),
    log,
  });
}

