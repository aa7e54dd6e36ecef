import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import { optionalSession } from '../../plugins/openapi';
import { verifyDigestOffToken } from './digest';

const query = z.object({ token: z.string().min(1).max(300) }).strict();

/**
 * The digest's one-click off (RFC 8058): the List-Unsubscribe URL of every digest mail takes a
 * POST without a session (docs/decisions/0257-notification-digest.md).
 */
export const digestOffRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058's POST carries `List-Unsubscribe=One-Click` as a form; its content is not needed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, undefined),
  );
  app.post(
    '/notifications/digest-off',
    {
      schema: {
        summary: 'Turn the daily digest off (one click, from the mail)',
        operationId: 'digestOff',
        security: optionalSession,
        querystring: query,
        response: {
          200: z.object({ message: z.string(), off: z.boolean() }),
          400: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const keys = await app.reminders.keys();
      const userId = verifyDigestOffToken(keys.tokenSecret, request.query.token);
      // As the reminders' link does: a link that is not valid changes nothing, and says so.
      if (userId === null)
        return {
          message: 'This link is not valid. Turn the digest off on your notifications page.',
          off: false,
        };
      await app.db.execute(
        sql`update notification_settings set digest_email = false, digest_push = false, updated_at = now()
          where user_id = ${userId}::int`,
      );
      return { message: 'The daily digest is off.', off: true };
    },
  );
};
