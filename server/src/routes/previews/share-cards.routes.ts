import type { FastifyReply } from 'fastify';
import { speakRequested } from '../../lib/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clubSlugParamSchema } from '@common/schemas/clubs';
import { apiErrorSchema } from '@common/schemas/errors';
import { usernameParamSchema } from '@common/schemas/profile';
import { AddressBudget } from '../../lib/address-budget';
import { CardRenderer } from '../../lib/card-renderer';
import { addressKey } from '../../lib/client-address';
import { badRequest, notFound } from '../../lib/errors';
import { mediaResponse } from '../../plugins/openapi';
import { openChallenge } from '../challenges';
import { clubCardFacts, clubChallengeCardFacts } from '../clubs';
import { keptFacts } from './kept-facts';
import { setCardFacts } from './set-card';
import { beatRange, reached } from './previews.service';
import { canBeCapped, findEntry, openChallenges } from '@common/challenges';
import { cardDays } from './club-challenge-card';
import { ShareCards, type CardContent } from './share-cards';
import { UNLISTED_QUERY_IGNORED } from '../../plugins/strict-requests';

/** What every card route answers (both kinds are drawn by the same bounded renderer). */
const cardResponses = {
  200: mediaResponse('A 1200x630 PNG.', ['image/png']),
  400: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema.describe(
    'Too many new cards drawn for this address in the window (Retry-After).',
  ),
  503: apiErrorSchema.describe('Every render thread busy and the queue full (Retry-After).'),
};

const sendCard = (reply: FastifyReply, png: Buffer) =>
  reply
    .header('content-type', 'image/png')
    .header('cache-control', 'public, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(png);

export interface ShareCardsOptions {
  /** Draws the cards; made here from the app's config unless given (tests count its renders). */
  renderer?: CardRenderer;
}

/**
 * GET /api/share-cards/:username.png and /api/share-cards/clubs/:slug.png, the cards a link preview shows (docs/decisions/0056-link-previews.md,
 * docs/decisions/0081-bounded-share-cards.md, docs/decisions/0083-challenge-link-preview.md); the
 * pages that name it are ./previews.routes.ts's.
 */
export const shareCardsRoutes: FastifyPluginAsyncZod<ShareCardsOptions> = async (app, opts) => {
  const config = app.config;
  const renderer =
    opts.renderer ??
    new CardRenderer({ workers: config.cardRenderWorkers, queue: config.cardRenderQueue });
  app.addHook('onClose', () => renderer.close());
  const cards = new ShareCards(
    renderer,
    new AddressBudget(config.cardRenderMax, config.cardRenderWindowMs),
  );
  const facts = keptFacts(app);
  // A card is drawn in the language of whoever shared it: the link's ?lang= (docs/i18n.md).
  app.addHook('preHandler', async (request) => {
    speakRequested((request.query as Record<string, unknown> | undefined)?.lang);
  });

  app.get(
    '/share-cards/:file',
    {
      schema: {
        summary: "A member's share card",
        operationId: 'getShareCard',
        // "{username}.png"; anything else is a 404 like an unknown or private member.
        params: z.object({ file: z.string().min(1).max(200) }),
        // Crawlers fetch the URL the pages wrote, cache-busters and all (server/src/plugins/strict-requests.ts).
        [UNLISTED_QUERY_IGNORED]: true,
        description:
          "A member's share card: their best, or with ?beat= a challenge. Other query parameters, ?best= among them (the preview pages add it so a new best is a new URL for caches), are ignored: a card is found by what it shows.",
        querystring: z.object({
          challenge: z
            .string()
            .max(64)
            .optional()
            .describe('The challenge (a catalogue id); the push-up challenge when absent.'),
          capped: z
            .string()
            .max(8)
            .optional()
            .describe(
              '"1": the score to beat is a capped run\'s reps (a challenge done for time only).',
            ),
          lang: z
            .string()
            .max(16)
            .optional()
            .describe("The card's language (en, de, es), the sharer's; else the request's."),
          beat: z
            .string()
            .max(16)
            .optional()
            .describe(
              'A challenge card ("{username} did {beat}"), in the challenge\'s range; at most the member\'s best, else 404.',
            ),
        }),
        response: cardResponses,
      },
    },
    async (request, reply) => {
      const m = /^(.+)\.png$/.exec(request.params.file);
      const username = m ? usernameParamSchema.safeParse(m[1]) : null;
      if (!username?.success) throw notFound('No share card here.');
      const challenge = openChallenge(app.config.challenges, request.query.challenge);
      const found = await facts(username.data, challenge.id);
      if (!found) throw notFound('No share card here.');
      let content: CardContent = {
        kind: 'profile',
        challenge,
        username: found.username,
        best: found.best,
        ...(found.bestCapped ? { capped: true } : {}),
        ...(found.totalWorkouts > 0 ? { tier: found.bestTier } : {}),
      };
      const { capped: cappedText } = request.query;
      if (cappedText !== undefined && (cappedText !== '1' || !canBeCapped(challenge.scoring))) {
        const message = canBeCapped(challenge.scoring)
          ? 'capped must be 1.'
          : 'capped is only for a challenge done for time with a cap.';
        throw badRequest(message, { capped: [message] });
      }
      if (request.query.beat !== undefined) {
        const capped = cappedText === '1';
        const beat = Number(request.query.beat);
        const { min, max } = beatRange(challenge.scoring, capped);
        if (!/^[1-9][0-9]{0,5}$/.test(request.query.beat) || beat < min || beat > max) {
          const message = `beat must be a whole number from ${min} to ${max}.`;
          throw badRequest(message, { beat: [message] });
        }
        if (!reached(challenge.scoring, { beat, capped }, found.bestRank))
          throw notFound('No share card here.');
        content = {
          kind: 'challenge',
          challenge,
          username: found.username,
          beat,
          ...(capped ? { capped: true } : {}),
        };
      }
      const png = await cards.get(content, addressKey(request.ip), app.now().getTime());
      return sendCard(reply, png);
    },
  );

  app.get(
    '/share-cards/sets/:file',
    {
      schema: {
        summary: "One set's share card",
        operationId: 'getSetShareCard',
        // "{id}.png"; anything else is a 404 like an unknown set.
        params: z.object({ file: z.string().min(1).max(200) }),
        [UNLISTED_QUERY_IGNORED]: true,
        description:
          "One set's card: its score, its challenge, its day and its member's name (docs/decisions/0226-a-sets-share-card.md). " +
          "A private or suspended member's set, one a moderator hid, or one of a challenge not open has no card (404, for everyone). " +
          'Query parameters are ignored.',
        response: cardResponses,
      },
    },
    async (request, reply) => {
      const m = /^([1-9][0-9]{0,9})\.png$/.exec(request.params.file);
      const id = m ? Number(m[1]) : NaN;
      if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound('No share card here.');
      const found = await setCardFacts(app.db, id);
      const challenge = found
        ? findEntry(found.challenge, openChallenges(app.config.challenges))
        : undefined;
      if (!found || !challenge) throw notFound('No share card here.');
      const content: CardContent = {
        kind: 'set',
        id,
        challenge,
        username: found.username,
        score: found.score,
        date: found.date,
        tier: found.tier,
        ...(found.capped ? { capped: true } : {}),
      };
      return sendCard(reply, await cards.get(content, addressKey(request.ip), app.now().getTime()));
    },
  );

  app.get(
    '/share-cards/clubs/:file',
    {
      schema: {
        summary: "A club's share card",
        operationId: 'getClubShareCard',
        // "{slug}.png"; anything else is a 404 like an unknown, removed or hidden club.
        params: z.object({ file: z.string().min(1).max(200) }),
        // Crawlers fetch the URL the pages wrote, cache-busters and all (server/src/plugins/strict-requests.ts).
        [UNLISTED_QUERY_IGNORED]: true,
        description:
          "A club's card: its name and member count, drawn on the share-card threads and kept by what it shows. " +
          "An invite-only club's card needs its card key (`key`, in the tags of its invite page), which is not its invite code. " +
          'Other query parameters (the pages add ?members= so a new count is a new URL for caches) are ignored.',
        querystring: z.object({
          key: z
            .string()
            .max(64)
            .optional()
            .describe("An invite-only club's card key; public clubs need none."),
          lang: z
            .string()
            .max(16)
            .optional()
            .describe("The card's language (en, de, es), the sharer's; else the request's."),
        }),
        response: cardResponses,
      },
    },
    async (request, reply) => {
      const m = /^(.+)\.png$/.exec(request.params.file);
      const slug = m ? clubSlugParamSchema.safeParse(m[1]) : null;
      if (!slug?.success) throw notFound('No share card here.');
      const found = await clubCardFacts(app.db, slug.data, request.query.key);
      if (!found) throw notFound('No share card here.');
      const png = await cards.get(
        { kind: 'club', name: found.name, memberCount: found.memberCount },
        addressKey(request.ip),
        app.now().getTime(),
      );
      return sendCard(reply, png);
    },
  );

  app.get(
    '/share-cards/club-challenges/:slug/:file',
    {
      schema: {
        summary: "A club challenge's result card",
        operationId: 'getClubChallengeShareCard',
        params: z.object({ slug: z.string().min(1).max(200), file: z.string().min(1).max(200) }),
        [UNLISTED_QUERY_IGNORED]: true,
        description:
          "An ended club challenge's result: the club, the challenge and its days, the podium and how many reached the target, as a visitor of the club sees them (public members only). " +
          "An invite-only club's card needs its card key (`key`). A challenge not yet ended has no card (404).",
        querystring: z.object({
          key: z
            .string()
            .max(64)
            .optional()
            .describe("An invite-only club's card key; public clubs need none."),
          lang: z
            .string()
            .max(16)
            .optional()
            .describe("The card's language (en, de, es), the sharer's; else the request's."),
        }),
        response: cardResponses,
      },
    },
    async (request, reply) => {
      const m = /^([1-9][0-9]{0,9})\.png$/.exec(request.params.file);
      const id = m ? Number(m[1]) : NaN;
      const slug = clubSlugParamSchema.safeParse(request.params.slug);
      if (!slug.success || !Number.isSafeInteger(id) || id > 2_147_483_647)
        throw notFound('No share card here.');
      const found = await clubChallengeCardFacts(
        app.db,
        slug.data,
        id,
        request.query.key,
        app.config.challenges,
        app.now(),
      );
      const entry = found ? findEntry(found.challenge.challenge, app.config.challenges) : undefined;
      if (!found || !entry?.scoring) throw notFound('No share card here.');
      const { startDate, endDate } = found.challenge;
      const png = await cards.get(
        {
          kind: 'club-challenge',
          id,
          club: found.club,
          title: entry.title,
          scoring: entry.scoring,
          days: cardDays(startDate, endDate),
          podium: found.podium,
          participants: found.participants,
          reached: found.reached,
        },
        addressKey(request.ip),
        app.now().getTime(),
      );
      return sendCard(reply, png);
    },
  );
};
