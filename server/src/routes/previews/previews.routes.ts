import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUSHUPS_MAX } from '@common/constants';
import { apiErrorSchema } from '@common/schemas/errors';
import { usernameParamSchema } from '@common/schemas/profile';
import { AddressBudget } from '../../lib/address-budget';
import { CardRenderer } from '../../lib/card-renderer';
import { addressKey } from '../../lib/client-address';
import { notFound } from '../../lib/errors';
import { mediaResponse } from '../../plugins/openapi';
import { loadIndexHtml } from '../../lib/index-html';
import {
  challengeTags,
  genericTags,
  parseChallengeTarget,
  previewFacts,
  profileTags,
  renderIndexHtml,
  type PreviewTags,
} from './previews.service';
import { ShareCards, type CardContent } from './share-cards';

export interface PreviewsOptions {
  clientDir?: string;
  /** Draws the cards; made here from the app's config unless given (tests count its renders). */
  renderer?: CardRenderer;
}

/**
 * Pages as a link-preview bot sees them: public profiles (/users/:username,
 * /90second/users/:username) and challenge links (/90second/timer?beat=&from=, /timer) get
 * index.html with Open Graph and Twitter tags, and /api/share-cards/:username.png the card
 * (docs/decisions/0056-link-previews.md, docs/decisions/0081-bounded-share-cards.md, docs/decisions/0083-challenge-link-preview.md).
 */
export const previewsRoutes: FastifyPluginAsyncZod<PreviewsOptions> = async (app, opts) => {
  const config = app.config;
  const renderer =
    opts.renderer ?? new CardRenderer({ workers: config.cardRenderWorkers, queue: config.cardRenderQueue });
  app.addHook('onClose', () => renderer.close());
  const cards = new ShareCards(renderer, new AddressBudget(config.cardRenderMax, config.cardRenderWindowMs));
  // Absolute URLs from the configured address only: the Host header is the client's to write
  // (docs/decisions/0082-public-url.md).
  const base = config.publicUrl ?? '';

  app.get(
    '/api/share-cards/:file',
    {
      schema: {
        summary: "A member's share card",
        operationId: 'getShareCard',
        // "{username}.png"; anything else is a 404 like an unknown or private member.
        params: z.object({ file: z.string().max(200) }),
        description:
          "A member's share card: their best, or with ?beat= a challenge. Other query parameters, ?best= among them (the preview pages add it so a new best is a new URL for caches), are ignored: a card is found by what it shows.",
        querystring: z.object({
          beat: z
            .string()
            .regex(/^[1-9][0-9]{0,2}$/, `beat must be a whole number from 1 to ${PUSHUPS_MAX}.`)
            .refine((v) => Number(v) <= PUSHUPS_MAX, `beat must be a whole number from 1 to ${PUSHUPS_MAX}.`)
            .optional()
            .describe("A challenge card (\"{username} did {beat}\"); at most the member's best, else 404."),
        }),
        response: {
          200: mediaResponse('A 1200x630 PNG.', ['image/png']),
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema.describe('Too many new cards drawn for this address in the window (Retry-After).'),
          503: apiErrorSchema.describe('Every render thread busy and the queue full (Retry-After).'),
        },
      },
    },
    async (request, reply) => {
      const m = /^(.+)\.png$/.exec(request.params.file);
      const username = m ? usernameParamSchema.safeParse(m[1]) : null;
      if (!username?.success) throw notFound('No share card here.');
      const facts = await previewFacts(app.db, username.data);
      if (!facts) throw notFound('No share card here.');
      let content: CardContent = { kind: 'profile', username: facts.username, best: facts.bestPushups };
      if (request.query.beat !== undefined) {
        const beat = Number(request.query.beat);
        if (beat > facts.bestPushups) throw notFound('No share card here.');
        content = { kind: 'challenge', username: facts.username, beat };
      }
      const png = await cards.get(content, addressKey(request.ip), app.now().getTime());
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(png);
    },
  );

  // With each screen's modulepreloads, as the client plugin serves every other path.
  const htmlFor = loadIndexHtml(opts.clientDir);
  if (!htmlFor) return;
  const send = (reply: FastifyReply, path: string, tags: PreviewTags) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(renderIndexHtml(htmlFor(path).toString('utf8'), tags));

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
      const parsed = usernameParamSchema.safeParse(request.params.username);
      const facts = parsed.success ? await previewFacts(app.db, parsed.data) : null;
      return send(reply, request.url.split('?')[0]!, facts ? profileTags(facts, base, prefix) : genericTags(base));
    });
  }

  // The timer, as the client router matches it (with or without a final slash).
  // The forms with a final slash are the same pages: served, but not described twice.
  const timerPages = [
    { path: '/90second/timer', operationId: 'get90secondTimerPage' },
    { path: '/90second/timer/', operationId: 'get90secondTimerPageSlash', hide: true },
    { path: '/timer', operationId: 'getTimerPage' },
    { path: '/timer/', operationId: 'getTimerPageSlash', hide: true },
  ];
  for (const { path, operationId, hide = false } of timerPages) {
    const schema = {
      hide,
      summary: `The timer page, with challenge link-preview tags (${path})`,
      operationId,
      // ?beat=&from= are read leniently: anything that is not a valid challenge gets the generic tags.
      querystring: z.object({}).catchall(z.unknown()),
      response: { 200: mediaResponse('The web app, with Open Graph and Twitter tags for the challenge.', ['text/html'], z.string()) },
    };
    app.get(path, { schema }, async (request, reply) => {
      const target = parseChallengeTarget(request.query);
      const facts = target ? await previewFacts(app.db, target.from) : null;
      const tags = target && facts && target.beat <= facts.bestPushups ? challengeTags(facts, target.beat, base) : genericTags(base);
      return send(reply, path, tags);
    });
  }
};
