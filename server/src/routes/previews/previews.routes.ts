import type { FastifyReply } from 'fastify';
import { currentLanguage, speakRequested } from '../../lib/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultEntry, isDefaultId, openChallenges, type OpenChallenge } from '@common/challenges';
import { usernameParamSchema } from '@common/schemas/profile';
import { mediaResponse } from '../../plugins/openapi';
import { loadIndexHtml } from '../../lib/index-html';
import { keptFacts } from './kept-facts';
import {
  challengeTags,
  genericTags,
  parseChallengeTarget,
  reached,
  profileTags,
  renderIndexHtml,
  type PreviewTags,
} from './previews.service';

export interface PreviewsOptions {
  clientDir?: string;
}

/** The facts of a page that shows no one's (genericTags). */
const GENERIC = {};
/**
 * Variants kept per facts object and screen (the two profile prefixes, a few beat= values): with the
 * cache's 2,000 entries at most, the pages kept stay within about 2,000 x 6 x 2.5 KB.
 */
const VARIANTS_KEPT = 4;

/**
 * Rendered pages, kept beside the facts they show: a member's facts object is the one
 * kept-facts.ts holds until a change drops it, so its pages go with it (weak keys), and a
 * profile page asked for again costs no rendering and no escaping (npm run bench: about an eighth
 * of the page's time went there).
 */
function renderedPages() {
  const byFacts = new WeakMap<object, WeakMap<Buffer, Map<string, Buffer>>>();
  return (facts: object, html: Buffer, variant: string, tagsOf: () => PreviewTags): Buffer => {
    let byHtml = byFacts.get(facts);
    if (!byHtml) byFacts.set(facts, (byHtml = new WeakMap()));
    let variants = byHtml.get(html);
    if (!variants) byHtml.set(html, (variants = new Map()));
    const kept = variants.get(variant);
    if (kept) return kept;
    const page = Buffer.from(renderIndexHtml(html.toString('utf8'), tagsOf()));
    if (variants.size < VARIANTS_KEPT) variants.set(variant, page);
    return page;
  };
}

/**
 * Pages as a link-preview bot sees them: public profiles (/users/:username,
 * /90second/users/:username) and challenge links (/90second/timer?beat=&from=, /timer) get
 * index.html with Open Graph and Twitter tags naming the card of ./share-cards.routes.ts
 * (docs/decisions/0056-link-previews.md, docs/decisions/0081-bounded-share-cards.md, docs/decisions/0083-challenge-link-preview.md).
 */
export const previewsRoutes: FastifyPluginAsyncZod<PreviewsOptions> = async (app, opts) => {
  const config = app.config;
  // Absolute URLs from the configured address only: the Host header is the client's to write
  // (docs/decisions/0082-public-url.md).
  const base = config.publicUrl ?? '';
  const facts = keptFacts(app);

  // With each screen's modulepreloads, as the client plugin serves every other path.
  const htmlFor = loadIndexHtml(
    opts.clientDir,
    openChallenges(config.challenges).map((c) => c.id),
  );
  if (!htmlFor) return;
  const rendered = renderedPages();
  // The page's tags (and its card) in the language of whoever shared the link: its ?lang=
  // (docs/i18n.md); else the request's, English for a crawler that names none.
  app.addHook('preHandler', async (request) => {
    speakRequested((request.query as Record<string, unknown> | undefined)?.lang);
  });
  /**
   * The page for `path` with the tags `tagsOf()` gives for `facts` (a kept member's facts, or
   * GENERIC), rendered once per facts object, screen and `variant` (the other inputs of the tags).
   */
  const send = (
    reply: FastifyReply,
    path: string,
    facts: object,
    variant: string,
    tagsOf: () => PreviewTags,
  ) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(rendered(facts, htmlFor(path), `${currentLanguage()}:${variant}`, tagsOf));

  const pages = [
    { prefix: '/users', operationId: 'getProfilePage' },
    // The default challenge's profile address (the specification's /90second/users): its slug.
    {
      prefix: `/${defaultEntry().slug}/users`,
      operationId: `get${defaultEntry().slug}ProfilePage`,
    },
  ];
  for (const { prefix, operationId } of pages) {
    const schema = {
      summary: `A profile page, with link-preview tags (${prefix}/...)`,
      operationId,
      // Any text: a name that is no public member's gets the page without a preview.
      params: z.object({ username: z.string() }),
      querystring: z.object({
        lang: z
          .string()
          .max(16)
          .optional()
          .describe(
            "The preview's language (en, de, es): the sharer's, added by the share feature.",
          ),
      }),
      response: {
        200: mediaResponse(
          'The web app, with Open Graph and Twitter tags for the member.',
          ['text/html'],
          z.string(),
        ),
      },
    };
    app.get(`${prefix}/:username`, { schema }, async (request, reply) => {
      const parsed = usernameParamSchema.safeParse(request.params.username);
      const found = parsed.success ? await facts(parsed.data) : null;
      const path = request.url.split('?')[0]!;
      return found
        ? send(reply, path, found, prefix, () => profileTags(found, base, prefix))
        : send(reply, path, GENERIC, '', () => genericTags(base));
    });
  }

  // Each open challenge's timer, as the client router matches it (with or without a final slash);
  // /timer is the push-up challenge's. The forms with a final slash are the same pages: served,
  // but not described twice.
  const camel = (slug: string) => slug.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
  const timerPages: {
    path: string;
    operationId: string;
    challenge: OpenChallenge;
    hide?: boolean;
  }[] = [];
  for (const challenge of openChallenges(config.challenges)) {
    const name = camel(challenge.slug);
    timerPages.push(
      { path: `${challenge.path}/timer`, operationId: `get${name}TimerPage`, challenge },
      {
        path: `${challenge.path}/timer/`,
        operationId: `get${name}TimerPageSlash`,
        challenge,
        hide: true,
      },
    );
    // The specification's /timer is the default challenge's.
    if (isDefaultId(challenge.id))
      timerPages.push(
        { path: '/timer', operationId: 'getTimerPage', challenge },
        { path: '/timer/', operationId: 'getTimerPageSlash', challenge, hide: true },
      );
  }
  for (const { path, operationId, challenge, hide = false } of timerPages) {
    const schema = {
      hide,
      summary: `The timer page, with challenge link-preview tags (${path})`,
      operationId,
      // ?beat=&from= are read leniently: anything that is not a valid challenge gets the generic tags.
      querystring: z.object({}).catchall(z.unknown()),
      response: {
        200: mediaResponse(
          'The web app, with Open Graph and Twitter tags for the challenge.',
          ['text/html'],
          z.string(),
        ),
      },
    };
    app.get(path, { schema }, async (request, reply) => {
      const target = parseChallengeTarget(request.query, challenge.scoring);
      const found = target ? await facts(target.from, challenge.id) : null;
      return target && found && reached(challenge.scoring, target, found.bestRank)
        ? send(
            reply,
            path,
            found,
            `${challenge.id}:${target.beat}${target.capped ? ':capped' : ''}`,
            () => challengeTags(found, target.beat, base, challenge, target.capped),
          )
        : send(reply, path, GENERIC, '', () => genericTags(base));
    });
  }
};
