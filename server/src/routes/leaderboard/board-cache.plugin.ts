import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { BoardCache } from './board-cache';

declare module 'fastify' {
  interface FastifyInstance {
    boardCache: BoardCache;
  }
  interface FastifyRequest {
    /**
     * The challenge whose boards the request changed, when it changed one only (a save or a
     * delete sets it): then only that challenge's cached boards are dropped.
     */
    boardScope?: string;
  }
  interface FastifyContextConfig {
    /**
     * The route changes what leaderboards show (a save, a delete, a profile or account change):
     * its successful answers drop the cached boards before they are sent.
     */
    changesBoards?: boolean;
  }
}

/**
 * The leaderboard cache, and its invalidation by the routes that declare `changesBoards`.
 * Only a success (status below 400) invalidates: a refused or failed request changed nothing.
 * It happens in onSend, before the response leaves, so the writer's next read misses.
 */
export const boardCache = fp<{ cache?: BoardCache }>(
  async (app: FastifyInstance, opts) => {
    app.decorate('boardCache', opts.cache ?? new BoardCache({ enabled: false }));
    app.decorateRequest('boardScope', undefined);
    // Only on the routes that declare it, so every other answer skips the hook.
    app.addHook('onRoute', (route) => {
      if (!route.config?.changesBoards) return;
      const invalidate: onSendHookHandler = (request, reply, payload, done) => {
        if (reply.statusCode < 400) app.boardCache.invalidate(request.boardScope);
        done(null, payload);
      };
      const own = route.onSend;
      route.onSend =
        own === undefined ? [invalidate] : [...(Array.isArray(own) ? own : [own]), invalidate];
    });
  },
  { name: 'board-cache' },
);
