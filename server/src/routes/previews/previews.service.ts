import { eq, sql } from 'drizzle-orm';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { APP_NAME } from '@common/constants';
import type { Db } from '../../db/client';
import { users, workouts } from '../../db/schema';

// Link previews of public profiles: Open Graph / Twitter tags in index.html and a 1200x630 PNG
// share card (docs/decisions/1104-link-previews.md).

export interface PreviewFacts {
  username: string;
  bestPushups: number;
  totalWorkouts: number;
}

/** The facts a preview shows, or null for an unknown or private member (generic tags then). */
export async function previewFacts(db: Db, username: string): Promise<PreviewFacts | null> {
  const rows = await db
    .select({
      username: users.username,
      isPrivate: users.isPrivate,
      bestPushups: sql<number>`coalesce(max(${workouts.pushups}), 0)::int`.mapWith(Number),
      totalWorkouts: sql<number>`count(${workouts.id})::int`.mapWith(Number),
    })
    .from(users)
    .leftJoin(workouts, eq(workouts.userId, users.id))
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .groupBy(users.id);
  const row = rows[0];
  if (!row || row.isPrivate) return null;
  return { username: row.username, bestPushups: row.bestPushups, totalWorkouts: row.totalWorkouts };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export interface PreviewTags {
  title: string;
  description: string;
  image: string;
  url: string;
}

export function previewTags(facts: PreviewFacts | null, origin: string, path: string): PreviewTags {
  if (!facts) {
    return {
      title: APP_NAME,
      description: 'Take the 90 Second Push-up Challenge, log your workouts and climb the leaderboards.',
      image: `${origin}/icons/icon-512.png`,
      // Not the path: it would repeat a private member's name.
      url: `${origin}/`,
    };
  }
  const sets = facts.totalWorkouts === 1 ? '1 workout' : `${facts.totalWorkouts} workouts`;
  return {
    title: `${facts.username} on ${APP_NAME}`,
    description:
      facts.totalWorkouts === 0
        ? `${facts.username} has joined the 90 Second Push-up Challenge on ${APP_NAME}.`
        : `Best: ${facts.bestPushups} push-ups in 90 seconds. ${sets} logged on ${APP_NAME}.`,
    image: `${origin}/api/share-cards/${encodeURIComponent(facts.username)}.png?best=${facts.bestPushups}`,
    url: `${origin}${path}`,
  };
}

/** index.html with the preview's tags in its head (every value escaped). */
export function renderIndexHtml(indexHtml: string, tags: PreviewTags, card: boolean): string {
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const head = [
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:site_name', APP_NAME),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.url),
    meta('property', 'og:image', tags.image),
    ...(card
      ? [meta('property', 'og:image:width', '1200'), meta('property', 'og:image:height', '630'), meta('property', 'og:image:type', 'image/png')]
      : []),
    meta('name', 'twitter:card', card ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', tags.title),
    meta('name', 'twitter:description', tags.description),
    meta('name', 'twitter:image', tags.image),
  ].join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(tags.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, meta('name', 'description', tags.description))
    .replace('</head>', `  ${head}\n  </head>`);
}

// ---- The share card ----------------------------------------------------------------------------

const require = createRequire(import.meta.url);
let fonts: { name: string; data: Buffer; weight: 400 | 800; style: 'normal' }[] | undefined;
function loadFonts() {
  // Inter from npm (satori reads woff, not woff2); read once, on the first card.
  fonts ??= [
    { name: 'Inter', weight: 400, style: 'normal', data: fs.readFileSync(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff')) },
    { name: 'Inter', weight: 800, style: 'normal', data: fs.readFileSync(require.resolve('@fontsource/inter/files/inter-latin-800-normal.woff')) },
  ];
  return fonts;
}

type Node = { type: string; props: Record<string, unknown> };
const h = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
  type,
  props: { style, children },
});

/** A 1200x630 PNG: the username and their best. Satori lays text out itself (no HTML parsing). */
export async function renderShareCard(facts: PreviewFacts): Promise<Buffer> {
  const tree = h(
    'div',
    {
      // Satori adds the padding to the size: 1200 x 630 in all.
      width: 1200 - 2 * 64,
      height: 630 - 2 * 64,
      boxSizing: 'content-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: 64,
      background: '#047857',
      color: '#ffffff',
      fontFamily: 'Inter',
    },
    [
      h('div', { display: 'flex', fontSize: 40, fontWeight: 800, opacity: 0.9 }, `${APP_NAME} · 90 Second Push-up Challenge`),
      h('div', { display: 'flex', flexDirection: 'column' }, [
        h('div', { display: 'flex', fontSize: 72, fontWeight: 800, overflow: 'hidden' }, facts.username),
        h('div', { display: 'flex', alignItems: 'flex-end', marginTop: 16 }, [
          h('div', { display: 'flex', fontSize: 160, fontWeight: 800, lineHeight: 1 }, String(facts.bestPushups)),
          h('div', { display: 'flex', fontSize: 44, marginLeft: 24, marginBottom: 16 }, 'push-ups in 90 s: personal best'),
        ]),
      ]),
      h('div', { display: 'flex', fontSize: 36 }, 'Can you beat it?'),
    ],
  );
  // Loaded on the first card, not at start: satori alone costs about 0.3 s of start-up.
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], { width: 1200, height: 630, fonts: loadFonts() });
  return new Resvg(svg, { fitTo: { mode: 'width', value: 1200 } }).render().asPng();
}

/** Cards by member and best: a card is drawn again only when the member's best changes. */
export class ShareCardCache {
  private cards = new Map<string, { best: number; png: Promise<Buffer> }>();
  constructor(private max = 500) {}
  get(facts: PreviewFacts): Promise<Buffer> {
    const key = facts.username.toLowerCase();
    const hit = this.cards.get(key);
    if (hit && hit.best === facts.bestPushups) return hit.png;
    const png = renderShareCard(facts);
    png.catch(() => this.cards.delete(key));
    this.cards.delete(key);
    if (this.cards.size >= this.max) this.cards.delete(this.cards.keys().next().value!);
    this.cards.set(key, { best: facts.bestPushups, png });
    return png;
  }
}
