import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  linkRetestSchema,
  planActionSchema,
  planDaysChangeSchema,
  planListSchema,
  planSchema,
  sessionDoneSchema,
  startPlanSchema,
  todaySessionSchema,
} from '@common/schemas/plans';
import { plainText } from '@common/schemas/text';
import { idempotencyKeySchema } from '@common/schemas/workouts';
import { requireUser, signedIn } from '../../lib/auth';
import * as service from './plans.service';

const INT4_MAX = 2_147_483_647;
/** A path id: plain decimal digits, a whole number within int4 (as routes/workouts/workout-id.ts). */
const pathId = (what: string) =>
  plainText(what)
    .regex(/^[0-9]+$/, `${what} must be a number`)
    .meta({ type: 'integer', minimum: 1, maximum: INT4_MAX })
    .transform(Number)
    .pipe(
      z.number().int().min(1, `${what} must be positive`).max(INT4_MAX, `${what} is too large`),
    );

const planParams = z.object({ id: pathId('The plan id') });
// Loose: the other request headers (cookie, host, ...) must survive validation untouched. The key
// is optional, as on POST /api/workouts (docs/decisions/0312-plan-sessions-in-the-outbox.md).
const doneHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });
const sessionParams = z.object({ id: pathId('The plan id'), sessionId: pathId('The session id') });

// Plans (docs/decisions/0228-a-plans-calendar.md, 0229-the-plans-api.md). Every route is the
// member's own: visitors get 401, another member's plan 404. Plan sessions are not workouts.
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', signedIn);
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
  const ctx = () => ({ db: app.db, challenges: app.config.challenges, now: app.now() });

  app.post(
    '/plans',
    {
      schema: {
        summary: 'Start a plan, placed by one of my test sets',
        operationId: 'startPlan',
        body: startPlanSchema,
        response: { 201: planSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const plan = await service.startPlan(ctx(), requireUser(request), request.body);
      return reply.code(201).send(plan);
    },
  );

  app.get(
    '/plans',
    {
      schema: {
        summary: 'My plans, newest first',
        operationId: 'listPlans',
        response: { 200: planListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => service.listPlans(ctx(), requireUser(request)),
  );

  app.get(
    '/plans/today',
    {
      schema: {
        summary: "Today's session of my active plans, if one is due",
        operationId: 'todayPlanSession',
        response: { 200: todaySessionSchema, 401: apiErrorSchema },
      },
    },
    async (request) => service.todaySession(ctx(), requireUser(request)),
  );

  app.get(
    '/plans/:id',
    {
      schema: {
        summary: 'One of my plans with its calendar',
        operationId: 'getPlan',
        params: planParams,
        response: { 200: planSchema, ...errors },
      },
    },
    async (request) => service.getPlan(ctx(), requireUser(request), request.params.id),
  );

  app.post(
    '/plans/:id/sessions/:sessionId/done',
    {
      schema: {
        summary: 'Record a training session of my plan as done',
        operationId: 'recordPlanSession',
        params: sessionParams,
        body: sessionDoneSchema,
        headers: doneHeadersSchema,
        response: { 200: planSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { plan, replayed } = await service.recordDone(
        ctx(),
        requireUser(request),
        request.params.id,
        request.params.sessionId,
        request.body.done,
        request.headers['idempotency-key'],
      );
      // Same status and body as the first answer; the header only helps debugging.
      if (replayed) reply.header('idempotent-replayed', 'true');
      return plan;
    },
  );

  app.post(
    '/plans/:id/retest',
    {
      schema: {
        summary: "Link my saved test set as the plan's due re-test; it re-places what follows",
        operationId: 'linkPlanRetest',
        params: planParams,
        body: linkRetestSchema,
        response: { 200: planSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) =>
      service.linkRetest(ctx(), requireUser(request), request.params.id, request.body.workoutId),
  );

  app.put(
    '/plans/:id/days',
    {
      schema: {
        summary: "Change my plan's days",
        description:
          'The sessions not done yet move onto the new days, from today on; a paused plan keeps them for its resume. A plan that ended cannot change.',
        operationId: 'changePlanDays',
        params: planParams,
        body: planDaysChangeSchema,
        response: { 200: planSchema, ...errors },
      },
    },
    async (request) =>
      service.changeDays(ctx(), requireUser(request), request.params.id, request.body.days),
  );

  app.post(
    '/plans/:id/status',
    {
      schema: {
        summary: 'Pause, resume, restart or stop my plan',
        operationId: 'changePlan',
        params: planParams,
        body: planActionSchema,
        response: { 200: planSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) =>
      service.act(ctx(), requireUser(request), request.params.id, request.body.action),
  );
};
