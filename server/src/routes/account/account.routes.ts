import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountExportSchema,
  changePasswordSchema,
  deleteAccountSchema,
  exportQuerySchema,
  type AccountExport,
} from '@common/schemas/account';
import { apiErrorSchema } from '@common/schemas/errors';
import { inLanguage } from '../../lib/i18n';
import { clearSessionCookie, requireUser, signedIn } from '../../lib/auth';
import * as service from './account.service';
import { logAuthEvent } from '../../lib/auth-log';
import { accountDeletedMail, passwordChangedMail, provenName } from '../../mail/messages';
import { resetUrl } from '../recovery';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };

/** The account's lifecycle: password change, data export, deletion. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', signedIn);
  app.post(
    '/password',
    {
      schema: {
        summary: 'Change my password (ends my other sessions)',
        operationId: 'changePassword',
        body: changePasswordSchema,
        response: { 204: z.null(), ...errors },
      },
      config: { changesAuth: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await service.changePassword(
        app.db,
        user,
        request.body,
        request.sessionToken!,
        app.now(),
        app.config,
      );
      logAuthEvent(request, 'password-changed', { userId: user.id });
      await app.mail.queue(
        inLanguage(user.language, () =>
          passwordChangedMail(user.email, provenName(user), resetUrl(app.config.siteUrl)),
        ),
      );
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/account',
    {
      schema: {
        summary: 'Delete my account and everything in it',
        operationId: 'deleteAccount',
        body: deleteAccountSchema,
        response: { 204: z.null(), ...errors },
      },
      // The member leaves every board at once.
      config: { changesBoards: true, changesAuth: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await service.deleteAccount(app.db, user, request.body.password, app.now(), app.config);
      logAuthEvent(request, 'account-deleted', { userId: user.id });
      await app.mail.queue(
        inLanguage(user.language, () => accountDeletedMail(user.email, provenName(user))),
      );
      clearSessionCookie(reply, app.config.cookieSecure);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/export',
    {
      schema: {
        summary: 'Download my data (JSON, or my workouts as CSV)',
        operationId: 'exportAccount',
        querystring: exportQuerySchema,
        response: {
          200: {
            description:
              'An attachment (Content-Disposition): the account as JSON with format=json, its workouts as CSV with format=csv.',
            content: {
              'application/json': { schema: accountExportSchema },
              'text/csv': {
                schema: z.string().describe('One workout a line, after a header line.'),
              },
            },
          },
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await service.exportAccount(app.db, user);
      const format = request.query.format;
      reply.header(
        'content-disposition',
        `attachment; filename="${service.exportFileName(user.username, app.now(), format)}"`,
      );
      // Both are sent as text: Fastify passes a string through as it is (the schema documents the
      // JSON shape; the tests check it).
      const body = format === 'csv' ? service.workoutsCsv(data) : JSON.stringify(data);
      reply.type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
      return reply.send(body as unknown as AccountExport);
    },
  );
};
