import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  changeEmailSchema,
  confirmEmailSchema,
  messageSchema,
  undoEmailChangeSchema,
} from '@common/schemas/recovery';
import { PRIVATE_NO_STORE, requireUser, signedIn } from '../../lib/auth';
import { badRequest, tooManyRequestsSaying } from '../../lib/errors';
import * as rateLimit from '../../lib/rate-limit';
import { optionalSession } from '../../plugins/openapi';
import { confirmPassword } from '../account';
import { resetUrl } from '../recovery';
import * as service from './email.service';
import { undoEmailChange } from './undo-email-change';

const RESEND_MAX = 5;
const RESEND_WINDOW_MS = 60 * 60_000;

/** The account's email address: confirming it, and a new confirmation link. */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.post(
    '/email/confirm',
    {
      schema: {
        summary: 'Confirm an email address with the link sent to it (no sign-in needed)',
        operationId: 'confirmEmail',
        security: optionalSession,
        body: confirmEmailSchema,
        response: { 200: messageSchema, 400: apiErrorSchema },
      },
      // The member's row changed: every instance's session cache hears it before the answer.
      config: { changesAuth: true },
    },
    async (request) => {
      const { user, previous } = await service.confirmEmail(
        app.db,
        app.mail.queue,
        request.body.token,
        app.now(),
        app.config.siteUrl,
      );
      app.mail.kick();
      const event = previous ? 'email-changed' : 'email-confirmed';
      request.log.info({ auth: event, userId: user.id, reqId: request.id }, `auth ${event}`);
      return { message: `${user.email} is confirmed. Thank you!` };
    },
  );

  app.post(
    '/email/undo',
    {
      schema: {
        summary:
          'Undo a change of address with the link the old address got (no sign-in needed; ends every session and asks for a new password)',
        operationId: 'undoEmailChange',
        security: optionalSession,
        body: undoEmailChangeSchema,
        response: { 200: messageSchema, 400: apiErrorSchema, 503: apiErrorSchema },
      },
      // Every session of the member ends: every instance's session cache hears it before the answer.
      config: { changesAuth: true },
    },
    async (request) => {
      const user = await undoEmailChange(
        app.db,
        app.mail.queue,
        request.body.token,
        app.now(),
        app.config.siteUrl,
      );
      app.mail.kick();
      request.log.info(
        { auth: 'email-change-undone', userId: user.id, reqId: request.id },
        'auth email-change-undone',
      );
      return {
        message: `Your address is ${user.email} again, and every device was signed out. We sent a link there: choose a new password to sign in.`,
      };
    },
  );

  app.post(
    '/email/change',
    {
      schema: {
        summary:
          'Move my account to another email address (it changes once the new address is confirmed)',
        operationId: 'changeEmail',
        body: changeEmailSchema,
        response: {
          202: messageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const now = app.now();
      await confirmPassword(app.db, user, request.body.password, 'password', now, app.config);
      await service.requestEmailChange(
        app.db,
        app.mail.queue,
        user,
        request.body.email,
        now,
        app.config.siteUrl,
        resetUrl(app.config.siteUrl),
        app.config,
      );
      // The same words whether the new address is free or someone else's.
      return reply.code(202).send({
        message: `A message is on its way to ${request.body.email}. Your address changes once you follow its link (within 24 hours).`,
      });
    },
  );

  app.post(
    '/email/confirmation',
    {
      schema: {
        summary: 'Send me a new link to confirm my email address',
        operationId: 'resendEmailConfirmation',
        response: {
          202: messageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (user.emailConfirmedAt) throw badRequest('Your email address is already confirmed.');
      const now = app.now();
      const window = await rateLimit.hit(
        app.db,
        `confirm-resend:${user.id}`,
        RESEND_WINDOW_MS,
        now,
      );
      if (window.count > RESEND_MAX) {
        const after = rateLimit.retryAfterSeconds(window, now);
        throw tooManyRequestsSaying(
          'You asked for many links. Please try again in {minutes} minutes.',
          { minutes: Math.ceil(after / 60) },
          after,
        );
      }
      await service.sendConfirmation(
        app.db,
        app.mail.queue,
        user,
        user.email,
        user.createdAt,
        now,
        app.config.siteUrl,
        resetUrl(app.config.siteUrl),
      );
      // The same words whether a link or a notice to the address's holder went: see the service.
      return reply.code(202).send({
        message: `A message is on its way to ${user.email}. Follow its link within 24 hours.`,
      });
    },
  );
};
