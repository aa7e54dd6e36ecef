import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openChallenges } from '@common/challenges';
import { APP_NAME } from '@common/constants';
import { CLUB_SLUG_MAX, CLUB_SLUG_PATTERN, clubInvitePath } from '@common/schemas/clubs';
import { say } from '@common/say';
import { countNow, currentLanguage, speakRequested } from '../../lib/i18n';
import { loadIndexHtml } from '../../lib/index-html';
import { mediaResponse } from '../../plugins/openapi';
import { genericTags, MEMBERS, renderIndexHtml, type PreviewTags } from '../previews';
import { clubCardKey, visibleClub } from './clubs.service';

const membersText = (n: number) => say(MEMBERS, { n, count: countNow(n) });

/**
 * A club's card (server/src/routes/previews/previews.routes.ts): ?members= makes a new count a new
 * URL for the caches on the way; an invite-only club's carries its card key, never its invite code
 * (docs/decisions/0181-club-share-card.md).
 */
export function clubCardUrl(
  club: {
    slug: string;
    visibility: string;
    invite_code_hash: string;
    member_count: number | string;
  },
  base: string,
): string {
  const key = club.visibility === 'invite' ? `&key=${clubCardKey(club.invite_code_hash)}` : '';
  // Drawn in the page's language (the link's ?lang=); English keeps the address it always had.
  const lang = currentLanguage() === 'en' ? '' : `&lang=${currentLanguage()}`;
  return `${base}/api/share-cards/clubs/${encodeURIComponent(club.slug)}.png?members=${Number(club.member_count)}${key}${lang}`;
}

/**
 * A club's link-preview tags: its name and member count (and description), and its share card,
 * in the current language (common/say.ts).
 * Only for a club a visitor may see: a public one, or an invite-only one with its current code;
 * anything else gets the generic tags, which name nobody (docs/decisions/0166-club-pages-and-previews.md).
 */
export function clubTags(
  club: {
    slug: string;
    name: string;
    description: string | null;
    visibility: string;
    invite_code_hash: string;
    member_count: number | string;
  },
  base: string,
  code?: string,
): PreviewTags {
  const count = membersText(Number(club.member_count));
  return {
    type: 'website',
    title: say('Join {name} on {app}', { name: club.name, app: APP_NAME }),
    description: `${club.name}: ${count}.${club.description ? ` ${club.description}` : ''} ${say('Compete with them on every challenge.')}`,
    image: clubCardUrl(club, base),
    url: `${base}${code ? clubInvitePath(club.slug, code) : `/clubs/${club.slug}`}`,
    card: true,
  };
}

/** /clubs/{slug} and /clubs/{slug}/join?code=: the web app with the club's preview tags. */
export const clubPagesRoutes: FastifyPluginAsyncZod<{ clientDir?: string }> = async (app, opts) => {
  const htmlFor = loadIndexHtml(
    opts.clientDir,
    openChallenges(app.config.challenges).map((c) => c.id),
  );
  if (!htmlFor) return;
  const base = app.config.publicUrl ?? '';
  const html = mediaResponse(
    'The web app, with Open Graph and Twitter tags for the club (generic ones for a club the visitor may not see).',
    ['text/html'],
    z.string(),
  );
  // The tags (and the card they name) in the language of whoever shared the link: its ?lang=
  // (docs/i18n.md); else the request's.
  app.addHook('preHandler', async (request) => {
    speakRequested((request.query as Record<string, unknown> | undefined)?.lang);
  });
  const tagsFor = async (slug: string, code: string | undefined) => {
    if (slug.length > CLUB_SLUG_MAX || !CLUB_SLUG_PATTERN.test(slug)) return genericTags(base);
    // As a visitor sees it: no session is read, so a member's own view never leaks into a preview.
    const club = await visibleClub(app.db, slug, null, code).catch(() => null);
    return club
      ? clubTags(club, base, club.visibility === 'invite' ? code : undefined)
      : genericTags(base);
  };
  const query = z.object({}).catchall(z.unknown());
  const codeOf = (q: Record<string, unknown>) =>
    typeof q.code === 'string' && q.code.length <= 100 ? q.code : undefined;
  for (const [path, operationId, summary] of [
    ['/clubs/:slug', 'getClubPage', "A club's page, with link-preview tags"],
    [
      '/clubs/:slug/join',
      'getClubJoinPage',
      "A club's invite page (?code=), with link-preview tags",
    ],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          summary,
          operationId,
          params: z.object({ slug: z.string() }),
          querystring: query,
          response: { 200: html },
        },
      },
      async (request, reply) => {
        const tags = await tagsFor(request.params.slug, codeOf(request.query));
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(renderIndexHtml(htmlFor(request.url.split('?')[0]!).toString('utf8'), tags));
      },
    );
  }
};
