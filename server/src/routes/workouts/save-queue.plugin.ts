import fp from 'fastify-plugin';
import { createSaveQueue, type SaveQueue } from './save-batch';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's save queue: saves arriving together share one statement and commit (save-batch.ts). */
    saveQueue: SaveQueue;
  }
}

/** One save queue per app, with the app's save limit. docs/decisions/0069-save-throughput.md */
export const saveQueue = fp(
  async (app) => {
    const { saveMax, saveWindowMs } = app.config;
    app.decorate('saveQueue', createSaveQueue(app.db, { max: saveMax, windowMs: saveWindowMs }));
  },
  { name: 'save-queue' },
);
