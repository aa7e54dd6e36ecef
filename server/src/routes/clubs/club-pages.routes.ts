import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openChallenges } from '@common/challenges';
import { APP_NAME } from '@common/constants';
import { CLUB_SLUG_MAX, CLUB_SLUG_PATTERN, clubInvitePath } from '@common/schemas/clubs';
import { loadIndexHtml } from '../../lib/index-html';
import { mediaResponse } from '../../plugins/openapi';
import { genericTags, renderIndexHtml, type PreviewTags } from '../previews';
import { clubCardKey, visibleClub } from './clubs.service';

const membersText = (n: number) => `${n.toLocaleString('en-US')} member${n === 1 ? '' : 's'}`;

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
  return `${base}/api/share-cards/clubs/${encodeURIComponent(club.slug)}.png?members=${Number(club.member_count)}${key}`;
}

/**
 * A club's link-preview tags: its name and member count (and description), and its share card.
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
    title: `Join ${club.name} on ${APP_NAME}`,
    description: `${club.name}: ${count}.${club.description ? ` ${club.description}` : ''} Compete with them on every challenge.`,
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
