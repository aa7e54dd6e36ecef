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
  workoutSchema,
} from '@common/schemas/workouts';
import { makeEditWorkoutSchema } from '@common/schemas/workout-edit';
import { requireUser, signedIn } from '../../lib/auth';
import { openChallenge } from '../challenges';
import { LEGACY_SCORE_FIELDS } from '../../lib/score-answers';
import { decodedCursor } from './workout-cursor';
import { deleteWorkout } from './workout-delete';
import { editWorkout } from './workout-edit';
import { workoutIdParamsSchema } from './workout-id';
import { listWorkouts } from './workout-list';
import { withTierNotes } from './tier-notes';
import { createWorkout } from './workout-save';
import { getMyStats } from './workout-stats';

// Loose: the other request headers (cookie, host, ...) must survive validation untouched.
const createHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

// The cursor is opaque to clients; here it is decoded, so a forged one is a field error (400).
const pageQuerySchema = workoutPageQuerySchema.extend({
  cursor: decodedCursor(workoutPageQuerySchema.shape.cursor),
});

export const workoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route here is personal: a visitor gets 401 before any body or query is validated.
  app.addHook('onRequest', signedIn);

  const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
  // The rule of docs/product.md#custom-time is checked against the app's clock (tests fix it), not the process's.
  // The score's range is the challenge's in the app's catalogue, which also says what is open.
  const createBody = makeCreateWorkoutSchema(() => app.now().getTime(), app.config.challenges);
  const editBody = makeEditWorkoutSchema(() => app.now().getTime(), app.config.challenges);

  app.post(
    '/workouts',
    {
      config: { changesBoards: true },
      schema: {
        summary: 'Save a workout',
        operationId: 'createWorkout',
        body: createBody,
        headers: createHeadersSchema,
        response: {
          201: savedWorkoutSchema,
          ...errors,
          410: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      request.boardScope = request.body.challenge;
      const { workout, replayed } = await createWorkout(
        app.db,
        user.id,
        request.body,
        request.headers['idempotency-key'],
        app.now(),
        {
          registeredAt: user.createdAt,
          holdsFrom: new Date(user.createdAt.getTime() - app.config.holdStartSlackMs),
          limit: { max: app.config.saveMax, windowMs: app.config.saveWindowMs },
          queue: app.saveQueue,
          challenges: app.config.challenges,
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
    {
      schema: {
        summary: 'My workouts, newest first, a page at a time',
        operationId: 'listWorkouts',
        querystring: pageQuerySchema,
        response: { 200: workoutListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { challenge } = request.query;
      if (challenge !== undefined) openChallenge(app.config.challenges, challenge);
      const { items, nextCursor } = await listWorkouts(app.db, user.id, request.query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      const open = app.config.challenges.map((c) => c.id);
      return withTierNotes(app.db, items, open, app.now());
    },
  );

  app.delete(
    '/workouts/:id',
    {
      config: { changesBoards: true },
      schema: {
        summary: 'Delete one of my workouts',
        operationId: 'deleteWorkout',
        params: workoutIdParamsSchema,
        response: { 204: z.null(), ...errors, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      ({ challenge: request.boardScope } = await deleteWorkout(
        app.db,
        user.id,
        request.params.id,
        app.now(),
      ));
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/workouts/:id',
    {
      config: { changesBoards: true },
      schema: {
        summary: 'Change one of my workouts',
        description: `Sets the fields sent (score or ${LEGACY_SCORE_FIELDS.join(' or ')}, capped for a challenge done for time, createdAt, notes; null or "" clears the notes) by the rules of a new save: the score in its challenge's range, the time not in the future, not before joining, not more than 7 days back (a set older than that keeps its score and time; its notes can change), and a hold not begun before joining. A changed score drops the camera mark and the proof clip. The same request twice changes the set once: a request that changes nothing answers the set as it is and leaves \`updatedAt\`. A set a moderator hid is a 409.`,
        operationId: 'editWorkout',
        params: workoutIdParamsSchema,
        body: editBody,
        response: { 200: workoutSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const workout = await editWorkout(
        app.db,
        user.id,
        request.params.id,
        request.body,
        app.now(),
        {
          registeredAt: user.createdAt,
          holdsFrom: new Date(user.createdAt.getTime() - app.config.holdStartSlackMs),
          challenges: app.config.challenges,
        },
      );
      request.boardScope = workout.challenge;
      return workout;
    },
  );

  app.get(
    '/stats',
    {
      schema: {
        summary: 'My totals, bests and streaks',
        description:
          'Over the sets that count: a set a moderator hid is in none of these figures, as on the boards and the public profile (it stays in `GET /api/workouts`, marked `hidden`).',
        operationId: 'getMyStats',
        querystring: myStatsQuerySchema,
        response: { 200: myStatsSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = openChallenge(app.config.challenges, request.query.challenge);
      return getMyStats(
        app.db,
        user,
        app.now(),
        request.query.tz ?? 'UTC',
        id,
        app.config.challenges,
      );
    },
  );
};
