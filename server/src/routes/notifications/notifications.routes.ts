import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  markReadSchema,
  notificationListSchema,
  notificationPageQuerySchema,
  notificationSettingsSchema,
  unreadCountSchema,
} from '@common/schemas/notifications';
import { NEXT_CURSOR_HEADER } from '@common/schemas/workouts';
import { PRIVATE_NO_STORE, requireUser, signedIn } from '../../lib/auth';
import { mediaResponse } from '../../plugins/openapi';
import * as service from './notifications.service';
import { decodedCursor, encodeCursor } from '../workouts';
import { lastEventId } from './paging';

const pageQuery = notificationPageQuerySchema.extend({
  cursor: decodedCursor(notificationPageQuerySchema.shape.cursor),
});

const streamQuery = z.object({
  /** The last event id seen, for a client that cannot send the Last-Event-ID header. */
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** The member's notifications (docs/decisions/0253-notifications.md). Every route is their own: visitors get 401. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', signedIn);
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

  app.get(
    '/notifications',
    {
      schema: {
        summary: 'My notifications, newest first',
        operationId: 'listNotifications',
        querystring: pageQuery,
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { limit, cursor } = request.query;
      const items = await service.listNotifications(app.db, user.id, {
        limit: limit + 1,
        before: cursor?.id,
      });
      const page = items.slice(0, limit);
      // The workouts' cursor codec (one for every list); the position is the id alone.
      const last = page.at(-1);
      if (items.length > limit && last)
        reply.header(
          NEXT_CURSOR_HEADER,
          encodeCursor({ ts: `${last.createdAt.slice(0, 23)}000`, id: last.id }),
        );
      return page;
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        summary: 'How many of my notifications are unread (the bell)',
        operationId: 'notificationsUnreadCount',
        response: { 200: unreadCountSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ unread: await service.unreadCount(app.db, requireUser(request).id) }),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        summary: 'Mark some of my notifications read',
        operationId: 'markNotificationsRead',
        body: markReadSchema,
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await service.markRead(app.db, user.id, request.body.ids, app.now());
      return { unread: await service.unreadCount(app.db, user.id) };
    },
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        summary: 'Mark all my notifications read',
        operationId: 'markAllNotificationsRead',
        response: { 200: unreadCountSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await service.markAllRead(app.db, user.id, app.now());
      return { unread: 0 };
    },
  );

  app.get(
    '/notifications/settings',
    {
      schema: {
        summary: 'My daily digest settings',
        operationId: 'getNotificationSettings',
        response: { 200: notificationSettingsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => service.getSettings(app.db, requireUser(request).id),
  );

  app.put(
    '/notifications/settings',
    {
      schema: {
        summary: 'Turn the daily digest by email or push on or off',
        operationId: 'putNotificationSettings',
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => service.putSettings(app.db, requireUser(request).id, request.body),
  );

  app.get(
    '/notifications/stream',
    {
      schema: {
        summary: 'My notifications as they come (Server-Sent Events)',
        description:
          'Events `notification` (id: the notification id; data: {notification, unread}) and `unread` ' +
          '(data: {notification: null, unread}). Reconnecting with Last-Event-ID (or ?after=) sends the ones missed.',
        operationId: 'notificationStream',
        querystring: streamQuery,
        response: {
          200: mediaResponse('An event stream.', ['text/event-stream'], z.string()),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const resume = lastEventId(request.headers['last-event-id']) ?? request.query.after;
      const lastId = resume ?? (await service.newestId(app.db, user.id));
      // Written by hand, past Fastify's reply (and its compression): an event must leave at once.
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': PRIVATE_NO_STORE,
        // nginx passes the stream on as it comes instead of buffering it (deploy/nginx/).
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        connection: 'keep-alive',
      });
      reply.raw.write('retry: 2000\n\n');
      app.notificationHub.open(user.id, reply.raw, lastId);
    },
  );
};
