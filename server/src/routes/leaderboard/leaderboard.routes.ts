import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  leaderboardMeQuerySchema,
  leaderboardMeSchema,
  leaderboardPeriodSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  LEADERBOARD_LIMIT_MAX,
  type LeaderboardEntry,
} from '@common/schemas/leaderboard';
import { requireUser } from '../../lib/auth';
import { acceptedEncoding, COMPRESS_THRESHOLD } from '../../plugins/compression';
import * as service from './leaderboard.service';
import { noteBoardZone, schedulePeriodsAhead } from './period-ahead';
import { configurePeriodFill, kickPeriodFill, stopPeriodFill } from './period-fill';

const params = z.object({ period: leaderboardPeriodSchema });

export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // A fill a stopped process left unfinished resumes at start; closing stops it after its batch.
  configurePeriodFill(app.db, app.config.periodFillBatch);
  app.addHook('onReady', async () => kickPeriodFill(app.db));
  app.addHook('onClose', async () => stopPeriodFill(app.db));
  // The next day, week and month of the zones asked for are registered before they begin.
  let stopAhead: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopAhead = schedulePeriodsAhead(app.db, app.now, (err) => app.log.warn({ err }, 'preparing periods ahead failed'));
  });
  app.addHook('onClose', async () => stopAhead?.());
  // The periods (by their instants) this process has read complete: a period, once complete, stays
  // so (a new one is filled once, section 5 of server/src/db/sql/leaderboard.sql). A hint: a period
  // missing here costs one read at the length asked for.
  const completeSpans = new Set<string>();
  const noteComplete = (span: string) => {
    if (completeSpans.size >= 10_000) completeSpans.clear();
    completeSpans.add(span);
  };
  // Public (docs/product.md#public-and-personal-data): visitors see the boards too.
  app.get(
    '/leaderboard/:period',
    {
      schema: {
        summary: 'A leaderboard for a period',
        operationId: 'getLeaderboard',
        params,
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const now = app.now();
      noteBoardZone(app.db, request.query.tz, now);
      const args = service.boardArgs(request.params.period, request.query, now);
      // Ranks change with every save; browsers always ask again.
      reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8');
      // With the cache on, the longest board of a complete period is loaded and kept once per
      // filter set; each request takes its prefix. A period this process has not yet seen
      // complete may still be being built: it is read from its sets, where the 100 entries asked
      // for cost a fifth of 500 (docs/decisions/0073-first-board-of-a-period.md), so it is read and
      // kept at the length asked for. With the cache off, only the rows asked for are read, and
      // requests share a read only with others asking for the same length.
      const whole = app.boardCache.isEnabled && completeSpans.has(args.span);
      const loadLimit = whole ? LEADERBOARD_LIMIT_MAX : args.limit;
      const key = whole ? service.boardKey(args) : `${service.boardKey(args)}|first ${args.limit}`;
      const board = await app.boardCache.getOrLoad(key, async () => {
        const { entries, filling } = await service.getBoardJson(app.db, { ...args, limit: loadLimit });
        // A verified board registers no period (it reads workouts), so it proves nothing.
        if (!filling && !args.verified) noteComplete(args.span);
        return service.toBoardText(entries);
      });
      const body = service.sliceBoard(board, args.limit);
      // Compressed once per board read, which the requests that shared the read (or the cache)
      // share too (the compression plugin leaves encoded answers alone).
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (encoding && body.length >= COMPRESS_THRESHOLD) {
        reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
        const fast = !app.boardCache.isEnabled;
        return reply.send(service.boardBytes(board, args.limit, encoding, fast) as unknown as LeaderboardEntry[]);
      }
      // The board is the hottest public read: the database builds its JSON text with an explicit
      // key list (leaderboard.service), the cache keeps it as text and its bytes, and Fastify
      // sends them with a JSON content type as they are, skipping zod's response encoding (~0.9 ms
      // per 100 entries, more than the query). The schema still types the route and documents
      // it; the tests check the exact shape.
      return reply.send(service.boardBytes(board, args.limit, 'identity') as unknown as LeaderboardEntry[]);
    },
  );

  app.get(
    '/leaderboard/:period/me',
    {
      schema: {
        summary: 'My place on a leaderboard',
        operationId: 'getMyStanding',
        params,
        querystring: leaderboardMeQuerySchema,
        response: { 200: leaderboardMeSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const me = await service.getMyStanding(
        app.db,
        user.id,
        request.params.period,
        request.query.tz,
        app.now(),
        request.query.verified,
      );
      reply.header('cache-control', 'private, no-store');
      return me;
    },
  );
};
