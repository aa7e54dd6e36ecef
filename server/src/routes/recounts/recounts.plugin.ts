import { randomUUID } from 'node:crypto';
import os from 'node:os';
import fp from 'fastify-plugin';
import { FaceTracker } from '../../lib/face-tracker';
import { RecountRunner } from './recount-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The recounts of proof clips on this instance (./recount-runner.ts). */
    recounts: RecountRunner;
  }
}

export interface RecountPluginOptions {
  /**
   * Start taking jobs when the app is ready (index.ts does). Off by default, so tests stay fast:
   * a test that wants recounts calls `app.recounts.drain()` or passes true.
   */
  start?: boolean;
}

/** A recount of a 90 s clip takes 20-60 s of one core: a stuck one is ended after this. */
const TRACK_TIMEOUT_MS = 5 * 60_000;

/**
 * The recount runner of this app (docs/decisions/0240-recounting-proof-clips.md): one face
 * detection thread per recount it may run at once, started on the first recount.
 */
export const recountJob = fp<RecountPluginOptions>(
  async (app, opts) => {
    const { recountConcurrency, recountPollMs, recountLockSeconds } = app.config;
    const tracker = new FaceTracker(Math.max(1, recountConcurrency), TRACK_TIMEOUT_MS);
    const runner = new RecountRunner({
      db: app.db,
      probes: app.clipProbes,
      tracker,
      instance: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      lockSeconds: recountLockSeconds,
      concurrency: Math.max(1, recountConcurrency),
      warn: (m) => app.log.warn(m),
      verified: () => app.boardCache.invalidate(),
    });
    app.decorate('recounts', runner);
    app.addHook('onReady', async () => {
      if (opts.start && recountConcurrency > 0) runner.start(recountPollMs);
    });
    // Before the database closes (the app's onClose hooks run after these, and the last one closes
    // it): no new recount starts, the one under way loses its face detector at once and gives its
    // job back (or the job's lock expires and another instance resumes it).
    app.addHook('preClose', async () => {
      const stopped = runner.stop();
      await tracker.close();
      await stopped;
    });
  },
  { name: 'recount-job', dependencies: ['clip-probes'] },
);
