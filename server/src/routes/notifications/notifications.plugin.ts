import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { ReminderTimer } from '../reminders';
import { runDigests } from './digest';
import { fanOut } from './fan-out';
import { NotificationHub, connectNotificationHub } from './stream';

declare module 'fastify' {
  interface FastifyInstance {
    notificationHub: NotificationHub;
    /** One pass of the daily digest job at the app's clock; resolves with the digests it sent. */
    notificationDigests: { run(): Promise<number> };
    /** Makes the notifications of the sets saved so far (./fan-out.ts); resolves with the jobs done. */
    notificationJobs: { drain(): Promise<number> };
  }
}

export interface NotificationPluginOptions {
  /** Where the streams hear of new notifications; without it, they send only what they find on opening. */
  database?: Pick<Database, 'kind' | 'url' | 'pglite'>;
  /** The streams' heartbeat (default 15 s, well inside proxies' and the server's idle timeouts). */
  heartbeatMs?: number;
  /** How often the digest job looks (default 60 s); 0: never on its own (tests call run()). */
  digestPollMs?: number;
  /**
   * How often the fan-out job looks for saves to tell of (index.ts: 250 ms); 0 or unset: never
   * on its own, so a test decides when (`app.notificationJobs.drain()`).
   */
  fanOutPollMs?: number;
}

/** The instance's open notification streams (./stream.ts) and their ear on the database. */
export const notificationHub = fp<NotificationPluginOptions>(
  async (app, opts) => {
    const hub = new NotificationHub(app.db, opts.heartbeatMs ?? 15_000, (m) => app.log.warn(m));
    app.decorate('notificationHub', hub);
    let stop: (() => Promise<void>) | null = null;
    // The digest job runs on every instance; the database decides who sends (./digest.ts).
    const run = async () => {
      const sent = await runDigests(
        {
          db: app.db,
          siteUrl: app.config.siteUrl,
          keys: () => app.reminders.keys(),
          queueMail: (message, db) => app.mail.queue(message, db),
          kickMail: () => app.mail.kick(),
          warn: (m) => app.log.warn(m),
        },
        app.now(),
      );
      // The digests' pushes go through the reminders' push queue, at once.
      await app.reminders.pushes();
      return sent;
    };
    app.decorate('notificationDigests', { run });
    const every = opts.digestPollMs ?? 60_000;
    const timer =
      every > 0
        ? new ReminderTimer(run, every, (err) =>
            app.log.error(`digests: ${(err as Error).message}`),
          )
        : null;
    // Set once the server closes: the fan-out ends after its statement under way (fan-out.ts).
    let closing = false;
    const drain = () =>
      fanOut(app.db, { stopping: () => closing, yieldDatabase: opts.database?.kind === 'pglite' });
    app.decorate('notificationJobs', { drain });
    const fanOutEvery = opts.fanOutPollMs ?? 0;
    const fanOutTimer =
      fanOutEvery > 0
        ? new ReminderTimer(drain, fanOutEvery, (err) =>
            app.log.error(`notification fan-out: ${(err as Error).message}`),
          )
        : null;
    app.addHook('onReady', async () => {
      if (opts.database)
        stop = await connectNotificationHub(opts.database, hub, (m) => app.log.warn(m));
      timer?.start();
      fanOutTimer?.start();
    });
    // Streams never end on their own: ended here, before the server waits for its connections;
    // the digests' and the fan-out's timers (a batch under way finishes; one not begun stays in
    // its job rows for the next instance) and the database's ear too, while the database is open.
    app.addHook('preClose', async () => {
      hub.closeAll();
      closing = true;
      await timer?.stop();
      await fanOutTimer?.stop();
      await stop?.();
    });
  },
  { name: 'notification-hub', dependencies: ['reminder-job'] },
);
