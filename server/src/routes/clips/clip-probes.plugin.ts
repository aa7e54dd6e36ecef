import fp from 'fastify-plugin';
import { WorkLimiter } from '../../lib/work-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's readers of proof clips: at most a few at once, a short queue, then 503. */
    clipProbes: WorkLimiter;
  }
}

/**
 * Each clip read runs ffprobe and ffmpeg processes of up to PROBE_MEMORY_KB each
 * (server/src/lib/clip-probe.ts): a few at once per app, a short queue, then 503 with Retry-After
 * (docs/decisions/0211-bounded-clip-intake.md).
 */
export const clipProbes = fp(
  async (app) => {
    const { clipProbeConcurrency, clipProbeQueue } = app.config;
    const busy = 'The server is busy checking other clips. Please try again in a few seconds.';
    app.decorate('clipProbes', new WorkLimiter(clipProbeConcurrency, clipProbeQueue, 5, busy));
  },
  { name: 'clip-probes' },
);
