import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  auditLogQuerySchema,
  auditLogSchema,
  awaitingReviewQuerySchema,
  awaitingReviewSchema,
  moderationActionResultSchema,
  moderationActionSchema,
  moderationCaseSchema,
  moderationLookupParamsSchema,
  moderationQueueQuerySchema,
  moderationQueueSchema,
  MODERATION_REFUSALS,
  MODERATORS_ONLY,
} from '@common/schemas/moderation';
import { NEXT_CURSOR_HEADER, UNKNOWN_CHALLENGE } from '@common/schemas/workouts';
import { PRIVATE_NO_STORE, requireUser } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { workoutIdParamsSchema } from '../workouts';
import { decodeQueueCursor, queuePage } from './moderation-queue';
import * as service from './moderation.service';

const refused = { 401: apiErrorSchema, 403: apiErrorSchema };

/** The queue's query with its cursor decoded, so a forged one is a field error (400). */
const queueQuerySchema = moderationQueueQuerySchema.extend({
  cursor: moderationQueueQuerySchema.shape.cursor.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const decoded = decodeQueueCursor(value);
    if (!decoded) {
      ctx.addIssue({
        code: 'custom',
        message: 'cursor is not valid; pass back the X-Next-Cursor header unchanged',
      });
      return z.NEVER;
    }
    return decoded;
  }),
});

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
        summary:
          'Open reports, grouped by what they are about, the most pressing first, a page at a time',
        description:
          "Each target (a board entry or a profile) once, with the entry, its member, their recent sets and the earlier actions on it. Ranked by the reporters' weight (account age and history when they reported) plus the entry's place on its all-time board; ties: the newest report first. The moderator's own cases are not in it. The next page's cursor comes in the X-Next-Cursor header.",
        operationId: 'getModerationQueue',
        querystring: queueQuerySchema,
        response: { 200: moderationQueueSchema, 400: apiErrorSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { cases, nextCursor } = await queuePage(app.db, requireUser(request).id, request.query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return { cases };
    },
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
  const caseOf = async (viewerId: number, target: Promise<service.Target>, missing: string) => {
    const t = await target;
    // Nobody reads the reports on themselves (who reported them): another moderator judges them.
    if (t.userId === viewerId) throw forbidden(MODERATION_REFUSALS.own);
    const found = await service.buildCase(app.db, t);
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
      caseOf(
        requireUser(request).id,
        service.memberTarget(app.db, request.params.username),
        'There is no such member.',
      ),
  );

  app.get(
    '/moderation/workouts/:id',
    {
      schema: caseSchema(
        'A workout as a moderator sees it',
        'getModeratedWorkout',
        workoutIdParamsSchema,
      ),
    },
    async (request) =>
      caseOf(
        requireUser(request).id,
        service.workoutTarget(app.db, request.params.id),
        'There is no such workout.',
      ),
  );

  app.get(
    '/moderation/awaiting-review',
    {
      schema: {
        summary: "The moderators' main queue: recounted sets in a Verified board's top three",
        description:
          'Every recounted set in the top three of a Verified board (all time, and this day, week and month in every time zone a board is read in) that no moderator has reviewed or refused, of one challenge or of every open one, the longest waiting first, with how long it has waited. review-clip makes it reviewed; refuse-clip takes it back to camera-counted with the reason its member reads.',
        operationId: 'getAwaitingReview',
        querystring: awaitingReviewQuerySchema,
        response: { 200: awaitingReviewSchema, 400: apiErrorSchema, ...refused },
      },
    },
    async (request) => {
      const { challenge } = request.query;
      const open = app.config.challenges.map((c) => c.id);
      if (challenge !== undefined && !open.includes(challenge))
        throw badRequest(UNKNOWN_CHALLENGE, { challenge: [UNKNOWN_CHALLENGE] });
      return {
        workouts: await service.awaitingReview(
          app.db,
          challenge === undefined ? open : [challenge],
          app.now(),
        ),
      };
    },
  );

  app.post(
    '/moderation/actions',
    {
      schema: {
        summary: 'Act on a workout, a member or a club, or undo an action',
        description:
          'Hide or show a workout, mark its clip reviewed or not (a recounted set becomes reviewed), refuse its clip or withdraw the refusal (camera-counted, off the Verified boards, and back), clear or restore a full name or picture, suspend a member or lift it, dismiss or reopen reports, remove a club or restore it. A reason is required; the action is written to the audit log. A suspension ends every session of the member at once; a removed club is gone for everyone (404) until restored.',
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
