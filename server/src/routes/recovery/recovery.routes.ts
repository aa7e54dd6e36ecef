import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { say } from '@common/say';
import { userSchema } from '@common/schemas/auth';
import { apiErrorSchema } from '@common/schemas/errors';
import { suspendedMessage } from '@common/schemas/moderation';
import { forbidden } from '../../lib/errors';
import {
  checkResetSchema,
  completeResetSchema,
  resetLinkStateSchema,
  messageSchema,
  RESET_REQUESTED_MESSAGE,
  requestResetSchema,
} from '@common/schemas/recovery';
import { PRIVATE_NO_STORE, setSessionCookie, toUserDto } from '../../lib/auth';
import { logAuthEvent } from '../../lib/auth-log';
import { createSession } from '../../lib/session';
import { storedUserAgent } from '../../lib/user-agent';
import { optionalSession } from '../../plugins/openapi';
import * as service from './recovery.service';

/** Getting back into an account by email: a reset link, then a new password. */
export const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });
  const queue = app.mail.queue;

  app.post(
    '/password-reset',
    {
      schema: {
        summary:
          'Email a password reset link (the same answer whether or not an account uses the address)',
        operationId: 'requestPasswordReset',
        security: optionalSession,
        body: requestResetSchema,
        response: { 202: messageSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const now = app.now();
      await service.countResetRequest(app.db, email, request.ip, now, app.config);
      // Whether an account uses the address is looked at only after the answer: both answers take
      // the same work. It starts a random moment later, so that a request right behind this one
      // does not wait for it (docs/decisions/0206-email-change-limits-and-unproven-addresses.md).
      const delayMs = Math.random() * app.config.resetWorkJitterMs;
      request.afterResponse(async () => {
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        const ids = await service.sendResetLinks(app.db, queue, email, now, app.config.siteUrl);
        for (const userId of ids) logAuthEvent(request, 'reset-requested', { userId });
      });
      return reply.code(202).send({ message: say(RESET_REQUESTED_MESSAGE) });
    },
  );

  app.post(
    '/password-reset/check',
    {
      schema: {
        summary: 'Whether a password reset link still works (does not use it; names no account)',
        operationId: 'checkPasswordReset',
        security: optionalSession,
        body: checkResetSchema,
        response: { 200: resetLinkStateSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) =>
      service.checkResetLink(app.db, request.body.token, request.ip, app.now(), app.config),
  );

  app.post(
    '/password-reset/complete',
    {
      schema: {
        summary: 'Set a new password with a reset link (ends every session, then signs in)',
        operationId: 'completePasswordReset',
        security: optionalSession,
        body: completeResetSchema,
        response: {
          200: userSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
      config: { changesAuth: true },
    },
    async (request, reply) => {
      const now = app.now();
      const user = await service.completeReset(
        app.db,
        queue,
        request.body,
        now,
        app.config.siteUrl,
      );
      app.mail.kick();
      logAuthEvent(request, 'password-reset', { userId: user.id });
      // The new password is set, but a suspended account is not signed in.
      if (user.suspendedAt) throw forbidden(suspendedMessage(user.suspendedReason ?? ''));
      const token = await createSession(
        app.db,
        user.id,
        now,
        storedUserAgent(request.headers['user-agent']),
      );
      setSessionCookie(reply, token, app.config.cookieSecure);
      return toUserDto(user);
    },
  );
};
