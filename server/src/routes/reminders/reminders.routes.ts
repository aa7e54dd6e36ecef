import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  reminderSettingsResponseSchema,
  reminderSettingsSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
  vapidKeySchema,
} from '@common/schemas/reminders';
import { PRIVATE_NO_STORE, requireUser, signedIn } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { mediaResponse, optionalSession } from '../../plugins/openapi';
import { verifyUnsubscribeToken } from './keys';
import * as service from './reminders.service';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const BAD_LINK = 'This unsubscribe link is not valid. Turn reminders off in your settings instead.';

/** The page a GET of the unsubscribe link shows: it changes nothing (mail scanners follow links). */
const confirmPage = (token: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Turn off reminders - FitBench</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 560px; margin: 0 auto; padding: 16px; line-height: 1.5;">
<h1>Turn off FitBench reminders?</h1>
<p>You will get no more reminders by email or push. You can turn them on again in your settings.</p>
<form method="post" action="/api/reminders/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="padding: 10px 16px; font-size: 16px;">Turn off reminders</button>
</form>
</body></html>`;

/** Reminder settings, push devices, and the one-click unsubscribe (docs/decisions/0234-reminders.md). */
export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058's POST carries `List-Unsubscribe=One-Click` as a form; its content is not needed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, undefined),
  );

  app.get(
    '/reminders',
    {
      schema: {
        summary: 'My reminder settings',
        operationId: 'getReminders',
        response: { 200: reminderSettingsResponseSchema, 401: apiErrorSchema },
      },
      onRequest: signedIn,
    },
    async (request) => service.getSettings(app.db, requireUser(request).id),
  );

  app.put(
    '/reminders',
    {
      schema: {
        summary: 'Change my reminder settings (a time between 22:00 and 07:00 is refused)',
        operationId: 'putReminders',
        body: reminderSettingsSchema,
        response: { 200: reminderSettingsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const user = requireUser(request);
      await service.putSettings(app.db, user.id, request.body, app.now());
      return service.getSettings(app.db, user.id);
    },
  );

  app.get(
    '/reminders/vapid-key',
    {
      schema: {
        summary: "The server's VAPID public key, to subscribe a browser to push",
        operationId: 'getVapidKey',
        security: optionalSession,
        response: { 200: vapidKeySchema },
      },
    },
    async () => ({ publicKey: (await app.reminders.keys()).vapidPublic }),
  );

  app.post(
    '/reminders/push-subscriptions',
    {
      schema: {
        summary: "Add this device's push subscription",
        operationId: 'addPushSubscription',
        body: pushSubscriptionSchema,
        response: { 204: z.null().describe('Saved.'), 400: apiErrorSchema, 401: apiErrorSchema },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      await service.addSubscription(app.db, requireUser(request).id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/reminders/push-subscriptions',
    {
      schema: {
        summary: "Remove this device's push subscription",
        operationId: 'removePushSubscription',
        body: pushUnsubscribeSchema,
        response: {
          204: z.null().describe('Removed, or was not there.'),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      // Idempotent: a device already gone (or never this member's) is simply not there.
      await service.removeSubscription(app.db, requireUser(request).id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/reminders/unsubscribe',
    {
      schema: {
        summary: "The page of a reminder's unsubscribe link: asks to confirm (changes nothing)",
        operationId: 'unsubscribePage',
        security: optionalSession,
        querystring: unsubscribeQuerySchema,
        response: {
          200: mediaResponse(
            'A page with a button that turns reminders off.',
            ['text/html'],
            z.string(),
          ),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { tokenSecret } = await app.reminders.keys();
      if (verifyUnsubscribeToken(tokenSecret, request.query.token) === null)
        throw notFound(BAD_LINK);
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .type('text/html; charset=utf-8')
        .send(confirmPage(request.query.token));
    },
  );

  app.post(
    '/reminders/unsubscribe',
    {
      schema: {
        summary: 'One-click unsubscribe (RFC 8058): turns the reminders off, no sign-in needed',
        operationId: 'unsubscribeReminders',
        security: optionalSession,
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { tokenSecret } = await app.reminders.keys();
      const userId = verifyUnsubscribeToken(tokenSecret, request.query.token);
      if (userId === null) throw notFound(BAD_LINK);
      await service.turnOff(app.db, userId, app.now());
      return reply.header('cache-control', PRIVATE_NO_STORE).send({
        message: 'Reminders are off. You can turn them on again in your settings.',
        off: true,
      });
    },
  );
};
