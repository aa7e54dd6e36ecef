import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { listenToChannel } from './db-channel';
import type { sessions, users } from '../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export interface SessionEntry {
  session: SessionRow;
  user: UserRow;
}

/** The channel the database announces member and session changes on (server/src/db/sql/sessions.sql). */
export const AUTH_CHANNEL = 'fitbench_auth';

/**
 * Signed-in lookups (a session and its member) kept in the process, never served after the
 * database said they changed. The rules, all here:
 * - the database announces every change that matters on AUTH_CHANNEL: a member's row updated or
 *   deleted, a session deleted (triggers in server/src/db/sql/sessions.sql); the payload is the
 *   member ids, or `*` for "anything"; on hearing it, their entries go;
 * - on PGlite the announcement arrives before the writing statement returns (same thread), so a
 *   change is never missed; on PostgreSQL it arrives through a LISTEN connection a moment after
 *   the commit, so the writing request also drops its member's entries before it answers, and the
 *   cache is off whenever that connection is down (cleared when it comes back);
 * - a lookup is kept only if no change was announced while it ran (a version counter), so a row
 *   read just before a change cannot be stored after it;
 * - expiry and idle time are checked on every use (server/src/lib/session.ts), from the cached
 *   row, which the last-seen touch keeps current.
 * See docs/decisions/0070-session-and-profile-caches.md.
 */
export class SessionCache {
  private entries = new Map<string, SessionEntry>();
  private byUser = new Map<number, Set<string>>();
  private version = 0;
  private enabled: boolean;
  private readonly maxEntries: number;
  private barriers = new Map<string, () => void>();

  constructor(options: { enabled?: boolean; maxEntries?: number } = {}) {
    this.enabled = options.enabled ?? true;
    this.maxEntries = options.maxEntries ?? 20_000;
  }

  get isEnabled() {
    return this.enabled;
  }

  get size() {
    return this.entries.size;
  }

  /** The cached lookup for a session id (the token's hash), if any. */
  get(id: string): SessionEntry | undefined {
    return this.enabled ? this.entries.get(id) : undefined;
  }

  /**
   * The cached lookup for a session id, or `load`'s result, kept unless a change was announced
   * while it ran. One call, so no caller can load without checking the cache or forget to store.
   */
  getOrLoad(
    id: string,
    load: () => Promise<SessionEntry | undefined>,
  ): SessionEntry | Promise<SessionEntry | undefined> {
    return this.get(id) ?? this.loadFresh(id, load);
  }

  private async loadFresh(id: string, load: () => Promise<SessionEntry | undefined>) {
    const version = this.version;
    const entry = await load();
    if (entry && this.enabled && version === this.version) this.store(id, entry);
    return entry;
  }

  private store(id: string, entry: SessionEntry) {
    this.drop(id);
    this.entries.set(id, entry);
    let ids = this.byUser.get(entry.user.id);
    if (!ids) this.byUser.set(entry.user.id, (ids = new Set()));
    ids.add(id);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
  }

  /** Forgets one session (it ended or expired). */
  drop(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    const ids = this.byUser.get(entry.user.id);
    ids?.delete(id);
    if (ids?.size === 0) this.byUser.delete(entry.user.id);
  }

  /** Forgets every session of the member. */
  invalidateUser(userId: number) {
    this.version += 1;
    const ids = this.byUser.get(userId);
    if (!ids) return;
    this.byUser.delete(userId);
    for (const id of ids) this.entries.delete(id);
  }

  clear() {
    this.version += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  setEnabled(on: boolean) {
    this.clear();
    this.enabled = on;
  }

  /** Applies a payload heard on AUTH_CHANNEL: member ids separated by commas, `*`, or a barrier. */
  hear(payload: string) {
    if (payload.startsWith('sync:')) {
      this.barriers.get(payload)?.();
      return;
    }
    if (payload === '*' || payload === '') return this.clear();
    for (const part of payload.split(',')) {
      const id = Number(part);
      if (Number.isSafeInteger(id)) this.invalidateUser(id);
      else this.clear();
    }
  }

  private announce: ((payload: string) => Promise<void>) | undefined;

  /**
   * PostgreSQL: how to announce a `sync:` marker on AUTH_CHANNEL (a `select pg_notify(...)`), for
   * sync(). Without it (PGlite: announcements are heard before the write returns) sync() is free.
   */
  announceWith(announce: (payload: string) => Promise<void>) {
    this.announce = announce;
  }

  /**
   * After a request changed members or sessions: resolves once this instance has heard every
   * change committed before the call. The database told the other instances at the same moment;
   * each acts when its event loop reads its LISTEN connection, normally before the browser can ask
   * it anything (a round trip later).
   */
  async sync() {
    if (!this.announce || !this.enabled) return;
    const payload = `sync:${process.pid}:${++this.syncs}:${Math.random().toString(36).slice(2)}`;
    const heard = this.waitFor(payload);
    await this.announce(payload);
    await heard;
  }

  private syncs = 0;

  /**
   * Resolves once `payload` (a `sync:` marker the caller announces after its write) is heard, or
   * after `timeoutMs`. Announcements reach every listener in commit order, so once the marker is
   * heard here, the change before it has been announced to every instance.
   */
  waitFor(payload: string, timeoutMs = 1_000): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.barriers.delete(payload);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.barriers.set(payload, done);
    });
  }
}

/**
 * PostgreSQL: listens on AUTH_CHANNEL and keeps the cache off while the connection is down,
 * reconnecting with a growing delay. Returns a stop function.
 */
export function listenForSessionChanges(
  url: string,
  cache: SessionCache,
  log: (msg: string) => void,
) {
  return listenToChannel(url, AUTH_CHANNEL, {
    onNotify: (payload) => cache.hear(payload),
    onUp: () => cache.setEnabled(true),
    onDown: () => cache.setEnabled(false),
    log,
  });
}

/**
 * Connects the cache to the database's announcements: on PostgreSQL a LISTEN connection (the cache
 * is off until it is up) and sync markers sent through the pool; on PGlite a listener on the
 * embedded database itself. Returns a stop function.
 */
export async function connectSessionCache(
  database: Database,
  cache: SessionCache,
  log: (msg: string) => void,
): Promise<() => Promise<void>> {
  if (database.kind === 'postgres' && database.url) {
    cache.announceWith(async (payload) => {
      await database.db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${payload})`);
    });
    return listenForSessionChanges(database.url, cache, log);
  }
  if (database.pglite) {
    const unlisten = await database.pglite.listen(AUTH_CHANNEL, (payload) => cache.hear(payload));
    return async () => {
      cache.setEnabled(false);
      await unlisten();
    };
  }
  // Nothing would announce changes: a cache would go stale.
  cache.setEnabled(false);
  return async () => undefined;
}
