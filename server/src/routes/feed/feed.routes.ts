import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  commentIdParamsSchema,
  commentListSchema,
  commentPageQuerySchema,
  commentSchema,
  createCommentSchema,
  feedQuerySchema,
  feedSchema,
  kudosStateSchema,
  setPageSchema,
} from '@common/schemas/feed';
import { NEXT_CURSOR_HEADER } from '@common/schemas/workouts';
import { requireUser, signedIn } from '../../lib/auth';
import { decodedCursor, workoutIdParamsSchema } from '../workouts';
import { commentPage } from './comment-pages';
import * as feed from './feed.service';
import * as reactions from './reactions.service';

const feedQuery = feedQuerySchema.extend({
  cursor: decodedCursor(feedQuerySchema.shape.cursor),
});

const commentQuery = commentPageQuerySchema.extend({
  cursor: decodedCursor(commentPageQuerySchema.shape.cursor),
});

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/**
 * The feed, a set's own page, kudos and comments (docs/decisions/0248-kudos-and-comments.md,
 * 0249-the-feed.md). Every route is a signed-in member's: visitors get 401.
 */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', signedIn);
  const limits = () => ({
    kudos: { max: app.config.kudosMax, windowMs: app.config.socialWindowMs },
    comments: { max: app.config.commentMax, windowMs: app.config.socialWindowMs },
  });

  app.get(
    '/feed',
    {
      schema: {
        summary: 'The sets of the members I follow and of my clubs',
        description:
          "Public members' sets no moderator hid, newest first; the next page's cursor comes in the X-Next-Cursor header. An empty first page lists members to follow.",
        operationId: 'getFeed',
        querystring: feedQuery,
        response: { 200: feedSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { feed: answer, nextCursor } = await feed.feedPage(
        app.db,
        { id: user.id, age: user.age },
        request.query,
      );
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return answer;
    },
  );

  app.get(
    '/sets/:id',
    {
      schema: {
        summary: "A set's own page: the set, its kudos and its comments",
        description:
          'The first page of its comments, oldest first; the next page (GET /api/workouts/:id/comments?cursor=) in X-Next-Cursor.',
        operationId: 'getSetPage',
        params: workoutIdParamsSchema,
        response: { 200: setPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request).id;
      const page = await feed.setPage(app.db, viewer, request.params.id);
      // The page's first comments again, with the next page's cursor (./comment-pages.ts).
      const first = await commentPage(app.db, viewer, request.params.id);
      if (first.next) reply.header(NEXT_CURSOR_HEADER, first.next);
      return { ...page, comments: first.comments };
    },
  );

  app.put(
    '/workouts/:id/kudos',
    {
      schema: {
        summary: 'Give kudos to a set',
        description:
          'One per member and set: again changes nothing. Not on your own set, nor on or from a private member. At most KUDOS_MAX an hour (429).',
        operationId: 'giveKudos',
        params: workoutIdParamsSchema,
        response: { 200: kudosStateSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return reactions.giveKudos(app.db, user, request.params.id, app.now(), limits().kudos);
    },
  );

  app.delete(
    '/workouts/:id/kudos',
    {
      schema: {
        summary: 'Take back my kudos',
        operationId: 'removeKudos',
        params: workoutIdParamsSchema,
        response: { 200: kudosStateSchema, ...errors },
      },
    },
    async (request) => reactions.removeKudos(app.db, requireUser(request).id, request.params.id),
  );

  app.get(
    '/workouts/:id/comments',
    {
      schema: {
        summary: "A set's comments, a page at a time",
        description:
          "Oldest first (as the set's page shows them) or newest first (`order`); the next page's cursor in X-Next-Cursor, absent on the last page.",
        operationId: 'listComments',
        params: workoutIdParamsSchema,
        querystring: commentQuery,
        response: { 200: commentListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request).id;
      await reactions.checkReadable(app.db, viewer, request.params.id);
      const page = await commentPage(app.db, viewer, request.params.id, request.query);
      if (page.next) reply.header(NEXT_CURSOR_HEADER, page.next);
      return page.comments;
    },
  );

  app.post(
    '/workouts/:id/comments',
    {
      schema: {
        summary: 'Comment on a set',
        description:
          'Up to 280 characters, under the text rules of names. Not on or from a private member. At most COMMENT_MAX an hour (429).',
        operationId: 'addComment',
        params: workoutIdParamsSchema,
        body: createCommentSchema,
        response: { 201: commentSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const made = await reactions.addComment(
        app.db,
        user,
        request.params.id,
        request.body.body,
        app.now(),
        limits().comments,
      );
      return reply.code(201).send(made);
    },
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        summary: 'Delete a comment',
        description: 'Its author, or the owner of the set, may delete it.',
        operationId: 'deleteComment',
        params: commentIdParamsSchema,
        response: { 204: z.null(), ...errors, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await reactions.deleteComment(app.db, requireUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
