import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  idempotencyKeySchema,
  makeCreateWorkoutSchema,
  myStatsQuerySchema,
  myStatsSchema,
  NEXT_CURSOR_HEADER,
  savedWorkoutSchema,
  workoutListSchema,
  workoutPageQuerySchema,
} from '@common/schemas/workouts';
import { plainText } from '@common/schemas/text';
import { requireUser } from '../../lib/auth';
import * as service from './workouts.service';

const INT4_MAX = 2_147_483_647;

// Loose: the other request headers (cookie, host, ...) must survive validation untouched.
const createHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

// The cursor is opaque to clients; here it is decoded, so a forged one is a field error (400).
const pageQuerySchema = workoutPageQuerySchema.extend({
  cursor: workoutPageQuerySchema.shape.cursor.transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const decoded = service.decodeCursor(raw);
    if (!decoded) {
      ctx.addIssue({ code: 'custom', message: 'cursor is not valid; pass back the X-Next-Cursor header unchanged' });
      return z.NEVER;
    }
    return decoded;
  }),
});

const idParamsSchema = z.object({
  // Only plain decimal digits: Number() would also take ' 1\n', '0x1f' or '1e3'.
  id: plainText('The workout id')
    .regex(/^-?[0-9.]+$/, 'The workout id must be a number')
    .transform(Number)
    .pipe(
      z
        .number({ error: 'The workout id must be a number' })
        .int('The workout id must be a whole number')
        .min(1, 'The workout id must be positive')
        // Beyond int4 PostgreSQL would throw (a 500); no such row can exist anyway.
        .max(INT4_MAX, 'The workout id is too large'),
    ),
});

export const workoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route here is personal: a visitor gets 401 before any body or query is validated.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
  // The rule of docs/product.md#custom-time is checked against the app's clock (tests fix it), not the process's.
  const createBody = makeCreateWorkoutSchema(() => app.now().getTime());

  app.post(
    '/workouts',
    {
      config: { changesBoards: true },
      schema: {
        summary: 'Save a workout',
        operationId: 'createWorkout',
        body: createBody,
        headers: createHeadersSchema,
        response: { 201: savedWorkoutSchema, ...errors, 410: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { workout, replayed } = await service.createWorkout(
        app.db,
        user.id,
        request.body,
        request.headers['idempotency-key'],
        app.now(),
        {
          registeredAt: user.createdAt,
          limit: { max: app.config.saveMax, windowMs: app.config.saveWindowMs },
        },
      );
      // Same status and body as the first answer; the header only helps debugging.
      if (replayed) reply.header('idempotent-replayed', 'true');
      // previousBest (for "New personal best!") comes from the save's own statement.
      return reply.code(201).send(workout);
    },
  );

  app.get(
    '/workouts',
    { schema: { summary: 'My workouts, newest first, a page at a time', operationId: 'listWorkouts', querystring: pageQuerySchema, response: { 200: workoutListSchema, ...errors } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { items, nextCursor } = await service.listWorkouts(app.db, user.id, request.query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return items;
    },
  );

  app.delete(
    '/workouts/:id',
    {
      config: { changesBoards: true },
      schema: { summary: 'Delete one of my workouts', operationId: 'deleteWorkout', params: idParamsSchema, response: { 204: z.null(), ...errors, 404: apiErrorSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await service.deleteWorkout(app.db, user.id, request.params.id, app.now());
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/stats',
    { schema: { summary: 'My totals, bests and streaks', operationId: 'getMyStats', querystring: myStatsQuerySchema, response: { 200: myStatsSchema, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      return service.getMyStats(app.db, user, app.now(), request.query.tz ?? 'UTC');
    },
  );
};
