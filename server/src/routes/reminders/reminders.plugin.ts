import type https from 'node:https';
import fp from 'fastify-plugin';
import { ensureReminderKeys, type ReminderKeys } from './keys';
import { vapidSubject } from './push';
import { sendDuePushes } from './push-queue';
import { ReminderTimer, runReminders } from './reminder-job';

export interface Reminders {
  /** The keys row (made at start; read once, it never changes). */
  keys(): Promise<ReminderKeys>;
  /** One pass of the job at the app's clock, then of the push queue; resolves with the reminders it sent. */
  run(): Promise<number>;
  /**
   * One pass of the push queue at the app's clock (reminders' and digests' pushes, first tries and
   * retries: ./push-queue.ts); resolves with the pushes delivered.
   */
  pushes(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reminders: Reminders;
  }
}

export interface ReminderPluginOptions {
  /** How often the job looks (default 60 s); 0: never on its own (tests call run()). */
  pollMs?: number;
  /** For the push requests: tests give one that trusts their local push endpoint. */
  pushAgent?: https.Agent;
}

/**
 * The reminders' keys and job (docs/decisions/0235-the-reminder-job.md, 0236-web-push-keys.md):
 * the keys row is made when the app is ready; the job runs on every instance.
 */
export const reminderJob = fp<ReminderPluginOptions>(
  async (app, opts) => {
    let keys: Promise<ReminderKeys> | null = null;
    const getKeys = () => {
      keys ??= ensureReminderKeys(app.db).catch((err: unknown) => {
        keys = null;
        throw err;
      });
      return keys;
    };
    const pushes = () =>
      sendDuePushes(
        {
          db: app.db,
          keys: getKeys,
          push: { subject: vapidSubject(app.config.siteUrl), agent: opts.pushAgent },
          warn: (m) => app.log.warn(m),
        },
        app.now(),
      );
    const run = async () => {
      const sent = await runReminders(
        {
          db: app.db,
          siteUrl: app.config.siteUrl,
          keys: getKeys,
          queueMail: (message, db) => app.mail.queue(message, db),
          kickMail: () => app.mail.kick(),
          warn: (m) => app.log.warn(m),
        },
        app.now(),
      );
      // The pushes this pass queued, and retries now due (each pass, so retries need no timer).
      await pushes();
      return sent;
    };
    app.decorate('reminders', { keys: getKeys, run, pushes } satisfies Reminders);
    const every = opts.pollMs ?? 60_000;
    const timer =
      every > 0
        ? new ReminderTimer(run, every, (err) =>
            app.log.error(`reminders: ${(err as Error).message}`),
          )
        : null;
    app.addHook('onReady', async () => {
      // Made at first start; a database not answering yet does not stop the start: the keys are
      // then made at their first use.
      await getKeys().catch((err: unknown) =>
        app.log.warn(`reminder keys: ${(err as Error).message}`),
      );
      timer?.start();
    });
    app.addHook('onClose', async () => timer?.stop());
  },
  { name: 'reminder-job' },
);
