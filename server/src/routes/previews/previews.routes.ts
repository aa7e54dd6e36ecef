import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import { usernameParamSchema } from '@common/schemas/profile';
import { notFound } from '../../lib/errors';
import { mediaResponse } from '../../plugins/openapi';
import { loadIndexHtml } from '../../lib/index-html';
import { previewFacts, previewTags, renderIndexHtml, ShareCardCache } from './previews.service';

/**
 * Public profile pages as a link-preview bot sees them: /users/:username and
 * /90second/users/:username get index.html with Open Graph and Twitter tags, and
 * /api/share-cards/:username.png the card (docs/decisions/1104-link-previews.md).
 */
export const previewsRoutes: FastifyPluginAsyncZod<{ clientDir?: string }> = async (app, opts) => {
  const cards = new ShareCardCache();

  app.get(
    '/api/share-cards/:file',
    {
      schema: {
        summary: "A member's share card",
        operationId: 'getShareCard',
        // "{username}.png"; anything else is a 404 like an unknown or private member.
        params: z.object({ file: z.string().max(200) }),
        response: {
          200: mediaResponse('A 1200x630 PNG.', ['image/png']),
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const m = /^(.+)\.png$/.exec(request.params.file);
      const username = m ? usernameParamSchema.safeParse(m[1]) : null;
      if (!username?.success) throw notFound('No share card here.');
      const facts = await previewFacts(app.db, username.data);
      if (!facts) throw notFound('No share card here.');
      const png = await cards.get(facts);
      // The page links the card with ?best=N, so a new best is a new URL; an hour covers the rest.
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(png);
    },
  );

  // With the profile screen's modulepreloads, as the client plugin serves every other path.
  const htmlFor = loadIndexHtml(opts.clientDir);
  if (!htmlFor) return;

  const page = async (username: string, requestPath: string, origin: string) => {
    const parsed = usernameParamSchema.safeParse(username);
    const facts = parsed.success ? await previewFacts(app.db, parsed.data) : null;
    return renderIndexHtml(htmlFor(requestPath).toString('utf8'), previewTags(facts, origin, requestPath), facts !== null);
  };
  const pages = [
    { prefix: '/users', operationId: 'getProfilePage' },
    { prefix: '/90second/users', operationId: 'get90secondProfilePage' },
  ];
  for (const { prefix, operationId } of pages) {
    const schema = {
      summary: `A profile page, with link-preview tags (${prefix}/...)`,
      operationId,
      // Any text: a name that is no public member's gets the page without a preview.
      params: z.object({ username: z.string() }),
      response: { 200: mediaResponse('The web app, with Open Graph and Twitter tags for the member.', ['text/html'], z.string()) },
    };
    app.get(`${prefix}/:username`, { schema }, async (request, reply) => {
      const origin = `${request.protocol}://${request.host}`;
      const html = await page(request.params.username, request.url.split('?')[0]!, origin);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  }
};
