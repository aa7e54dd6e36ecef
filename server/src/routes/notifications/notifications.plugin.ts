import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { NotificationHub, connectNotificationHub } from './stream';

declare module 'fastify' {
  interface FastifyInstance {
    notificationHub: NotificationHub;
  }
}

export interface NotificationPluginOptions {
  /** Where the streams hear of new notifications; without it, they send only what they find on opening. */
  database?: Pick<Database, 'kind' | 'url' | 'pglite'>;
  /** The streams' heartbeat (default 15 s, well inside proxies' and the server's idle timeouts). */
  heartbeatMs?: number;
}

/** The instance's open notification streams (./stream.ts) and their ear on the database. */
export const notificationHub = fp<NotificationPluginOptions>(
  async (app, opts) => {
    const hub = new NotificationHub(app.db, opts.heartbeatMs ?? 15_000, (m) => app.log.warn(m));
    app.decorate('notificationHub', hub);
    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      if (opts.database)
        stop = await connectNotificationHub(opts.database, hub, (m) => app.log.warn(m));
    });
    // Streams never end on their own: ended here, before the server waits for its connections.
    app.addHook('preClose', async () => hub.closeAll());
    app.addHook('onClose', async () => {
      await stop?.();
    });
  },
  { name: 'notification-hub' },
);
