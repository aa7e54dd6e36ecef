import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { enqueueMail, MailWorker, type MailMessage } from '../mail/queue';
import type { MailTransport } from '../mail/transport';

export interface Mail {
  /**
   * Queues a message and wakes the worker; never waits for the sending. With `db` a transaction,
   * call `kick()` once it commits (the worker cannot see the row before).
   */
  queue(message: MailMessage, db?: Db): Promise<void>;
  kick(): void;
  /** The worker, when this app sends (index.ts and the mail tests give a transport). */
  worker: MailWorker | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mail;
  }
}

/**
 * The mail queue (docs/decisions/0110-mail-queue-in-the-database.md). Without a transport the app
 * only queues (most tests); with one, its worker sends from the moment the app is ready until it
 * closes.
 */
export const mail = fp<{ transport?: MailTransport; pollMs?: number }>(
  async (app: FastifyInstance, opts) => {
    const worker = opts.transport
      ? new MailWorker({
          db: app.db,
          transport: opts.transport,
          now: () => app.now(),
          pollMs: opts.pollMs,
          log: {
            info: (m) => app.log.info(m),
            warn: (m) => app.log.warn(m),
            error: (m) => app.log.error(m),
          },
        })
      : null;
    const kick = () => worker?.kick();
    app.decorate('mail', {
      async queue(message: MailMessage, db: Db = app.db) {
        await enqueueMail(db, message, app.now());
        if (db === app.db) kick();
      },
      kick,
      worker,
    } satisfies Mail);
    if (worker) {
      app.addHook('onReady', async () => worker.start());
      app.addHook('onClose', async () => worker.stop());
    }
  },
);
