import type { ServerResponse } from 'node:http';
import type { Notification, StreamEvent } from '@common/schemas/notifications';
import type { Database, Db } from '../../db/client';
import { listenToChannel } from '../../lib/db-channel';
import { listNotifications, unreadCount } from './notifications.service';

// The live stream (docs/decisions/0255-the-notification-stream.md): Server-Sent Events written by
// hand (@fastify/sse is not among the project's packages). Every instance keeps only its own open
// streams in memory; what they carry is read from the database, when the database's notice
// (server/src/db/sql/notifications.sql, channel fitbench_ntf) names their member. So a
// notification made through any instance reaches a stream on any other, and an event id is the
// notification's id: a reconnect with Last-Event-ID gets exactly the ones after it.

export const NOTIFICATION_CHANNEL = 'fitbench_ntf';

/** How many missed notifications one catch-up sends at most (a longer absence: the list has them). */
const CATCH_UP_MAX = 100;

interface Stream {
  userId: number;
  /** The id of the last notification this stream sent (or of the newest when it opened). */
  lastId: number;
  res: ServerResponse;
  /** Sends run one after another per stream, so one notification is never written twice. */
  turn: Promise<void>;
}

/** An SSE event's text. `id` only on notifications: the unread count's events do not move the resume point. */
export function sseEvent(event: string, data: StreamEvent, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class NotificationHub {
  private readonly streams = new Map<number, Set<Stream>>();
  private heartbeat: NodeJS.Timeout | null = null;
  /** Whether the database's notices reach this instance now (PostgreSQL: its LISTEN is up). */
  isEnabled = false;

  constructor(
    private readonly db: Db,
    private readonly heartbeatMs: number,
    private readonly warn: (m: string) => void,
  ) {}

  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /** Opens a stream (the headers are written by the caller), sends the count and any missed ones. */
  open(userId: number, res: ServerResponse, lastId: number): void {
    const stream: Stream = { userId, lastId, res, turn: Promise.resolve() };
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(stream);
    res.on('close', () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    });
    this.heartbeat ??= this.startHeartbeat();
    this.send(stream, true);
  }

  /** The database's notice: the ids of the members whose notifications changed. */
  hear(payload: string): void {
    for (const part of payload.split(',')) {
      const set = this.streams.get(Number(part));
      if (set) for (const s of set) this.send(s, false);
    }
  }

  /** The channel came (back) up: anything may have been missed while it was down. */
  hearAll(): void {
    for (const set of this.streams.values()) for (const s of set) this.send(s, false);
  }

  /** Ends every stream (the server is stopping: clients reconnect to another instance). */
  closeAll(): void {
    for (const set of this.streams.values()) for (const s of set) s.res.end();
    this.streams.clear();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private startHeartbeat() {
    // A comment line: keeps proxies and the server's idle timeout from closing a quiet stream.
    const t = setInterval(() => {
      for (const set of this.streams.values()) for (const s of set) s.res.write(': ping\n\n');
    }, this.heartbeatMs);
    t.unref();
    return t;
  }

  /** Sends what is new since the stream's last id, and the unread count (always when `always`). */
  private send(s: Stream, always: boolean): void {
    s.turn = s.turn
      .then(async () => {
        if (s.res.writableEnded) return;
        const fresh: Notification[] = await listNotifications(this.db, s.userId, {
          limit: CATCH_UP_MAX,
          after: s.lastId,
        });
        const unread = await unreadCount(this.db, s.userId);
        if (s.res.writableEnded) return;
        let text = '';
        for (const n of fresh) {
          text += sseEvent('notification', { notification: n, unread }, n.id);
          s.lastId = n.id;
        }
        // A read elsewhere (another tab, a device) changes only the count.
        if (fresh.length === 0 || always)
          text += sseEvent('unread', { notification: null, unread });
        s.res.write(text);
      })
      .catch((err: unknown) => this.warn(`notification stream: ${(err as Error).message}`));
  }
}

/**
 * Connects the hub to the database's notices: a LISTEN connection on PostgreSQL (other instances
 * write too), the embedded database's listener on PGlite. Returns a stop function.
 */
export async function connectNotificationHub(
  database: Pick<Database, 'kind' | 'url' | 'pglite'>,
  hub: NotificationHub,
  log: (msg: string) => void,
): Promise<() => Promise<void>> {
  if (database.kind === 'postgres' && database.url)
    return listenToChannel(database.url, NOTIFICATION_CHANNEL, {
      onNotify: (payload) => hub.hear(payload),
      onUp: () => {
        hub.isEnabled = true;
        hub.hearAll();
      },
      onDown: () => {
        hub.isEnabled = false;
      },
      log,
    });
  if (database.pglite) {
    hub.isEnabled = true;
    return database.pglite.listen(NOTIFICATION_CHANNEL, (p) => hub.hear(p));
  }
  return async () => undefined;
}
