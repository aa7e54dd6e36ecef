import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@common/schemas/errors';
import { createReportSchema, myReportsSchema, reportSchema } from '@common/schemas/moderation';
import { requireUser, signedIn } from '../../lib/auth';
import { myReports } from './my-reports.service';
import * as service from './reports.service';

/** A member reports a board entry or a profile to the moderators (docs/decisions/0150-moderation.md). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reports',
    {
      schema: {
        summary: 'Report a board entry or a profile',
        description:
          'Once per member and entry or profile (409 on a repeat), at most a few an hour (429). `text` is required with the reason `other`.',
        operationId: 'createReport',
        body: createReportSchema,
        response: {
          201: reportSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      onRequest: async (request) => {
        requireUser(request);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const report = await service.createReport(app.db, user.id, request.body, app.now(), {
        max: app.config.reportMax,
        windowMs: app.config.reportWindowMs,
      });
      return reply.code(201).send(report);
    },
  );

  app.get(
    '/reports/mine',
    {
      schema: {
        summary: 'The entries and profiles I have reported',
        description:
          'Workout ids of the board entries and usernames of the profiles the signed-in member has reported (each can be reported once), so that the screens show "Reported".',
        operationId: 'listMyReports',
        response: { 200: myReportsSchema, 401: apiErrorSchema },
      },
      onRequest: signedIn,
    },
    async (request) => myReports(app.db, requireUser(request).id),
  );
};
