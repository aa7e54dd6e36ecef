import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  COMMENT_ALREADY_HIDDEN,
  COMMENT_NOT_HIDDEN,
  commentIdParamsSchema,
  commentModerationSchema,
  reportedCommentsSchema,
} from '@common/schemas/feed';
import { MODERATORS_ONLY, moderationActionResultSchema } from '@common/schemas/moderation';
import { PRIVATE_NO_STORE, requireUser } from '../../lib/auth';
import { conflict, forbidden } from '../../lib/errors';
import { moderateComment, reportedComments } from './comment-moderation';

const refused = { 401: apiErrorSchema, 403: apiErrorSchema };

/** Moderators read reported comments and hide them (docs/decisions/0250-moderating-comments.md). */
export const commentModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
    if (requireUser(request).role !== 'moderator') throw forbidden(MODERATORS_ONLY);
  });

  app.get(
    '/moderation/comments',
    {
      schema: {
        summary: 'Comments with open reports',
        operationId: 'listReportedComments',
        response: { 200: reportedCommentsSchema, ...refused },
      },
    },
    async () => ({ comments: await reportedComments(app.db) }),
  );

  app.post(
    '/moderation/comments/:id',
    {
      schema: {
        summary: 'Hide a comment, or show it again',
        description:
          "A hidden comment is off every screen; the audit log keeps its text. A hide closes the comment's reports.",
        operationId: 'moderateComment',
        params: commentIdParamsSchema,
        body: commentModerationSchema,
        response: {
          201: moderationActionResultSchema,
          400: apiErrorSchema,
          ...refused,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const moderator = requireUser(request);
      const hide = request.body.action === 'hide';
      const entry = await moderateComment(
        app.db,
        moderator,
        request.params.id,
        hide,
        request.body.reason,
        app.now(),
      );
      if (!entry) throw conflict(hide ? COMMENT_ALREADY_HIDDEN : COMMENT_NOT_HIDDEN);
      return reply.code(201).send({ entry });
    },
  );
};
