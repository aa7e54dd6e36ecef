import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  auditLogQuerySchema,
  auditLogSchema,
  awaitingReviewSchema,
  moderationActionResultSchema,
  moderationActionSchema,
  moderationCaseSchema,
  moderationLookupParamsSchema,
  moderationQueueSchema,
  MODERATORS_ONLY,
} from '@common/schemas/moderation';
import { challengeQuerySchema, UNKNOWN_CHALLENGE } from '@common/schemas/workouts';
import { PRIVATE_NO_STORE, requireUser } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { workoutIdParamsSchema } from '../workouts/workout-id';
import * as service from './moderation.service';

const refused = { 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The moderators' API (docs/decisions/0150-moderation.md): a visitor gets 401 and a member who is
 * not a moderator 403, before any body is read.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin's scope only (it is not wrapped with fastify-plugin).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
    const user = requireUser(request);
    if (!service.isModerator(user)) throw forbidden(MODERATORS_ONLY);
  });

  app.get(
    '/moderation/queue',
    {
      schema: {
        summary: 'Open reports, grouped by what they are about',
        description:
          'Each target (a board entry or a profile) once, the one with the newest open report first, with the entry, its member, their recent sets and the earlier actions on it.',
        operationId: 'getModerationQueue',
        response: { 200: moderationQueueSchema, ...refused },
      },
    },
    async () => ({ cases: await service.queue(app.db) }),
  );

  app.get(
    '/moderation/log',
    {
      schema: {
        summary: 'The audit log',
        description:
          'Every moderation action and undo, newest first; `before` pages on from the id of the last entry seen.',
        operationId: 'getModerationLog',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogSchema, 400: apiErrorSchema, ...refused },
      },
    },
    async (request) => ({
      entries: await service.auditLog(app.db, request.query.limit, request.query.before),
    }),
  );

  // A case by member or by workout: the two routes differ only in how the target is found.
  const caseSchema = <P>(summary: string, operationId: string, params: P) => ({
    summary,
    operationId,
    params,
    response: { 200: moderationCaseSchema, 400: apiErrorSchema, ...refused, 404: apiErrorSchema },
  });
  /** The case about `target` (a 404 with `missing` when it is gone since it was found). */
  const caseOf = async (target: Promise<service.Target>, missing: string) => {
    const found = await service.buildCase(app.db, await target);
    if (!found) throw notFound(missing);
    return found;
  };

  app.get(
    '/moderation/members/:username',
    {
      schema: caseSchema(
        'A member as a moderator sees them',
        'getModeratedMember',
        moderationLookupParamsSchema,
      ),
    },
    async (request) =>
      caseOf(service.memberTarget(app.db, request.params.username), 'There is no such member.'),
  );

  app.get(
    '/moderation/workouts/:id',
    {
      schema: caseSchema('A workout as a moderator sees it', 'getModeratedWorkout', workoutIdParamsSchema),
    },
    async (request) =>
      caseOf(service.workoutTarget(app.db, request.params.id), 'There is no such workout.'),
  );

  app.get(
    '/moderation/awaiting-review',
    {
      schema: {
        summary: 'Top verified entries whose proof clip no moderator has reviewed',
        operationId: 'getAwaitingReview',
        querystring: challengeQuerySchema,
        response: { 200: awaitingReviewSchema, 400: apiErrorSchema, ...refused },
      },
    },
    async (request) => {
      const { challenge } = request.query;
      if (!app.config.challenges.some((c) => c.id === challenge))
        throw badRequest(UNKNOWN_CHALLENGE, { challenge: [UNKNOWN_CHALLENGE] });
      return { workouts: await service.awaitingReview(app.db, challenge) };
    },
  );

  app.post(
    '/moderation/actions',
    {
      schema: {
        summary: 'Act on a workout, a member or a club, or undo an action',
        description:
          'Hide or show a workout, mark its clip reviewed or not, clear or restore a full name or picture, suspend a member or lift it, dismiss or reopen reports, remove a club or restore it. A reason is required; the action is written to the audit log. A suspension ends every session of the member at once; a removed club is gone for everyone (404) until restored.',
        operationId: 'moderate',
        body: moderationActionSchema,
        response: {
          201: moderationActionResultSchema,
          400: apiErrorSchema,
          ...refused,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
      // Boards, public profiles and signed-in lookups change on every instance.
      config: { changesBoards: true, changesAuth: true },
    },
    async (request, reply) => {
      const moderator = requireUser(request);
      const { entry, target } = await service.act(app.db, moderator, request.body, app.now());
      // A club's removal drops every board (its board, and the member-set boards it is in).
      if (target && target.workoutId !== null)
        request.boardScope = (await service.challengeOf(app.db, target.workoutId)) ?? undefined;
      if (target) app.sessionCache?.invalidateUser(target.userId);
      return reply.code(201).send({ entry });
    },
  );
};
