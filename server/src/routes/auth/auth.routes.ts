import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, registerSchema, sessionStateSchema, userSchema } from '@common/schemas/auth';
import { apiErrorSchema } from '@common/schemas/errors';
import { optionalSession } from '../../plugins/openapi';
import { inLanguage } from '../../lib/i18n';
import { clearSessionCookie, requireUser, setSessionCookie, toUserDto } from '../../lib/auth';
import { logAuthEvent } from '../../lib/auth-log';
import { createSession, deleteSession } from '../../lib/session';
import { rememberDevice } from '../../lib/known-devices';
import { describeDevice, storedUserAgent } from '../../lib/user-agent';
import { newDeviceMail, provenName } from '../../mail/messages';
import { sendConfirmation } from '../email';
import { resetUrl } from '../recovery';
import * as service from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    409: apiErrorSchema,
    429: apiErrorSchema,
    503: apiErrorSchema,
  };

  app.get(
    '/user',
    {
      schema: {
        summary: 'The signed-in member',
        operationId: 'getCurrentUser',
        response: { 200: userSchema, 401: apiErrorSchema },
      },
    },
    async (request) => toUserDto(requireUser(request)),
  );

  // The browser's current-user query: a visitor gets { user: null } with a 200, not a 401 that
  // the console would log as an error. docs/decisions/0062-session-state-route.md
  app.get(
    '/session',
    {
      schema: {
        summary: 'Who is signed in, if anyone',
        operationId: 'getSession',
        security: optionalSession,
        response: { 200: sessionStateSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { user: request.user ? toUserDto(request.user) : null };
    },
  );

  app.post(
    '/register',
    {
      schema: {
        summary: 'Create an account and sign in',
        operationId: 'register',
        body: registerSchema,
        response: { 201: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const user = await service.register(app.db, request.body, request.ip, now, app.config);
      logAuthEvent(request, 'register', { userId: user.id });
      // A link to confirm the address, or (the address is someone else's) a notice to its holder;
      // the answer is the same (docs/decisions/0112-confirmed-addresses.md).
      const { siteUrl } = app.config;
      await sendConfirmation(
        app.db,
        app.mail.queue,
        user,
        user.email,
        user.createdAt,
        now,
        siteUrl,
        resetUrl(siteUrl),
      );
      await rememberDevice(app.db, user.id, describeDevice(request.headers['user-agent']), now);
      const token = await createSession(
        app.db,
        user.id,
        now,
        storedUserAgent(request.headers['user-agent']),
      );
      setSessionCookie(reply, token, app.config.cookieSecure);
      return reply.code(201).send(toUserDto(user));
    },
  );

  app.post(
    '/login',
    {
      schema: {
        summary: 'Sign in',
        operationId: 'login',
        body: loginSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const now = app.now();
      let user;
      try {
        user = await service.login(app.db, request.body, request.ip, now, app.config, (why) =>
          logAuthEvent(request, 'lockout', { userId: null, reason: why }),
        );
      } catch (err) {
        if (err instanceof service.LoginRefused)
          logAuthEvent(request, 'login-failed', { userId: null });
        throw err;
      }
      logAuthEvent(request, 'login-ok', { userId: user.id });
      // A kind of device this account never signed in from: the member is told, unless they opted out.
      const device = describeDevice(request.headers['user-agent']);
      if ((await rememberDevice(app.db, user.id, device, now)) && user.newDeviceNotices) {
        await app.mail.queue(
          inLanguage(user.language, () =>
            newDeviceMail(
              user.email,
              provenName(user),
              device,
              now,
              `${app.config.siteUrl}/profile/settings`,
            ),
          ),
        );
      }
      // A new session on every login (no fixation); the old one, if any, is dropped.
      if (request.sessionToken) await deleteSession(app.db, request.sessionToken);
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

  app.post(
    '/logout',
    {
      schema: {
        summary: 'Sign out',
        operationId: 'logout',
        security: optionalSession,
        response: { 204: z.null() },
      },
      config: { changesAuth: true },
    },
    async (request, reply) => {
      if (request.sessionToken) await deleteSession(app.db, request.sessionToken);
      if (request.user) logAuthEvent(request, 'logout', { userId: request.user.id });
      clearSessionCookie(reply, app.config.cookieSecure);
      return reply.code(204).send(null);
    },
  );
};
