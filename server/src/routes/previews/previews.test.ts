import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { users } from '../../db/schema';
import { BoardCache } from '../leaderboard';
import { CardRenderer } from '../../lib/card-renderer';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout } from '../../test/factories';
import { clientDirWithIndex } from '../../test/client-dir';

// Link previews as a bot fetches them (docs/decisions/0056-link-previews.md, 0081-0083).
const clientDir = clientDirWithIndex('fitbench-previews-', 'FitBench: benchmark your fitness.');
const renderer = new CardRenderer({ workers: 1, queue: 8 });
// No PUBLIC_URL: relative URLs. A low render budget per address, to reach it.
const t = useTestApp(
  { clientDir, cardRenderMax: 6, trustProxy: ['127.0.0.1'] },
  { cardRenderer: renderer },
);
// The same database behind an app with PUBLIC_URL set, that believes a proxy's X-Forwarded-* headers.
let withUrl: App;
beforeAll(async () => {
  withUrl = await buildApp({
    db: t.app.db,
    config: { clientDir, publicUrl: 'https://fitbench.example', trustProxy: ['127.0.0.1'] },
  });
  await withUrl.ready();
});
afterAll(() => withUrl?.close());

const BOT = {
  'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  host: 'fitbench.example',
};
// What an attacker sends: its own host, through every header a proxy might pass on.
const EVIL = {
  ...BOT,
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil.example',
};
const metaOf = (html: string, key: string) => {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return m?.[1];
};
let address = 0;
/** A fresh client address each call (through the trusted proxy), so the render budget is not what a test meets. */
const fresh = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });

function pngSize(buf: Buffer) {
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(buf.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

async function whitePixels(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([1200, 630]);
  const at = (x: number, y: number) => [
    ...data.subarray(
      (y * info.width + x) * info.channels,
      (y * info.width + x) * info.channels + 3,
    ),
  ];
  expect(at(5, 5)).toEqual([0x04, 0x78, 0x57]);
  let white = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if (data[i]! > 240 && data[i + 1]! > 240 && data[i + 2]! > 240) white += 1;
  return white;
}

describe('profile previews', () => {
  it('serves a profile with Open Graph and Twitter tags on both paths, URLs relative without PUBLIC_URL', async () => {
    const u = await createUser(t.app, { username: 'PreviewPam' });
    await createWorkout(t.app, u.id, { pushups: 42 });
    await createWorkout(t.app, u.id, { pushups: 17 });
    for (const [p, canonical] of [
      ['/users/previewpam', '/users/PreviewPam'],
      ['/90second/users/PreviewPam?utm=x', '/90second/users/PreviewPam'],
    ] as const) {
      const res = await t.app.inject({ url: p, headers: BOT });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const html = res.body;
      expect(html).toContain('<title>PreviewPam on FitBench</title>');
      expect(metaOf(html, 'og:type')).toBe('profile');
      expect(metaOf(html, 'og:title')).toBe('PreviewPam on FitBench');
      expect(metaOf(html, 'twitter:title')).toBe('PreviewPam on FitBench');
      expect(metaOf(html, 'og:description')).toBe(
        'Best: 42 push-ups in 90 seconds (Entered). 2 workouts logged on FitBench.',
      );
      expect(metaOf(html, 'description')).toBe(metaOf(html, 'og:description'));
      expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaOf(html, 'og:image')).toBe('/api/share-cards/PreviewPam.png?best=42');
      // The member's page under the name as stored, whatever the link's spelling.
      expect(metaOf(html, 'og:url')).toBe(canonical);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('fitbench.example');
    }
  });

  it('builds absolute URLs from PUBLIC_URL', async () => {
    const res = await withUrl.inject({ url: '/users/previewpam', headers: EVIL });
    expect(metaOf(res.body, 'og:image')).toBe(
      'https://fitbench.example/api/share-cards/PreviewPam.png?best=42',
    );
    expect(metaOf(res.body, 'twitter:image')).toBe(
      'https://fitbench.example/api/share-cards/PreviewPam.png?best=42',
    );
    expect(metaOf(res.body, 'og:url')).toBe('https://fitbench.example/users/PreviewPam');
  });

  it('gives unknown and private members generic tags and no card', async () => {
    const priv = await createUser(t.app, { username: 'HiddenHal' });
    await createWorkout(t.app, priv.id, { pushups: 50 });
    await t.app.db.update(users).set({ isPrivate: true }).where(eq(users.id, priv.id));
    for (const p of ['/users/nobody-here', '/90second/users/HiddenHal', '/users/%3Cscript%3E']) {
      const res = await t.app.inject({ url: p, headers: BOT });
      expect(res.statusCode).toBe(200);
      expect(metaOf(res.body, 'og:title')).toBe('FitBench');
      expect(metaOf(res.body, 'og:url')).toBe('/');
      expect(metaOf(res.body, 'twitter:card')).toBe('summary');
      expect(res.body).not.toMatch(/HiddenHal|50 push-ups|<script>/);
    }
    for (const q of ['', '?beat=10']) {
      expect(
        (await t.app.inject({ url: `/api/share-cards/HiddenHal.png${q}`, headers: fresh() }))
          .statusCode,
      ).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/share-cards/nobody-here.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/share-cards/..%2F..%2Fetc.png' })).statusCode).toBe(
      404,
    );
  });
});

describe('the Host header', () => {
  it('never reaches a preview page, with or without PUBLIC_URL, through any header a proxy passes on', async () => {
    const u = await createUser(t.app, { username: 'HostHana' });
    await createWorkout(t.app, u.id, { pushups: 25 });
    const pages = [
      '/users/HostHana',
      '/90second/users/hosthana',
      '/users/nobody-here',
      '/90second/timer?beat=20&from=HostHana',
      '/timer?beat=20&from=hosthana',
      '/90second/timer',
      '/timer/?beat=99&from=HostHana',
    ];
    for (const app of [t.app, withUrl]) {
      for (const url of pages) {
        const res = await app.inject({ url, headers: EVIL });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toContain('evil');
        for (const key of ['og:url', 'og:image', 'twitter:image']) {
          const value = metaOf(res.body, key)!;
          expect(
            value.startsWith(app === withUrl ? 'https://fitbench.example/' : '/'),
            `${url} ${key}: ${value}`,
          ).toBe(true);
        }
      }
    }
  });

  it('cannot write markup into the page either', async () => {
    const res = await t.app.inject({
      url: '/users/nobody-here?x=1',
      headers: { ...BOT, host: 'evil.example"><script>alert(1)</script>' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/evil|<script>/);
  });
});

describe('challenge link previews', () => {
  let alex: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    alex = await createUser(t.app, { username: 'Alex_B' });
    await createWorkout(t.app, alex.id, { pushups: 30 });
    await createWorkout(t.app, alex.id, { pushups: 12 });
  });

  it('gives /90second/timer?beat=&from= and its alias the challenge as title, description and card', async () => {
    for (const url of [
      '/90second/timer?beat=30&from=Alex_B',
      '/timer?from=alex_b&beat=30&utm_source=chat',
      '/90second/timer/?beat=30&from=ALEX_B',
    ]) {
      const res = await t.app.inject({ url, headers: BOT });
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain('<title>Alex_B did 30: can you beat it?</title>');
      expect(metaOf(html, 'og:title')).toBe('Alex_B did 30: can you beat it?');
      expect(metaOf(html, 'twitter:title')).toBe('Alex_B did 30: can you beat it?');
      expect(metaOf(html, 'og:description')).toBe(
        'Alex_B did 30 push-ups in 90 seconds. Take the 90 Second Push-up Challenge on FitBench and beat it.',
      );
      expect(metaOf(html, 'og:type')).toBe('website');
      expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaOf(html, 'og:image')).toBe('/api/share-cards/Alex_B.png?beat=30');
      // The link as the app writes it, whatever the spelling it arrived with (escaped in the attribute).
      expect(metaOf(html, 'og:url')).toBe('/90second/timer?beat=30&amp;from=Alex_B');
    }
    // A count below their best is a count they reached.
    const lower = await withUrl.inject({ url: '/90second/timer?beat=7&from=Alex_B', headers: BOT });
    expect(metaOf(lower.body, 'og:title')).toBe('Alex_B did 7: can you beat it?');
    expect(metaOf(lower.body, 'og:description')).toMatch(/^Alex_B did 7 push-ups/);
    expect(metaOf(lower.body, 'og:image')).toBe(
      'https://fitbench.example/api/share-cards/Alex_B.png?beat=7',
    );
    expect(metaOf(lower.body, 'og:url')).toBe(
      'https://fitbench.example/90second/timer?beat=7&amp;from=Alex_B',
    );
  });

  it('falls back to the generic tags for anything else, echoing nothing of the link', async () => {
    const priv = await createUser(t.app, { username: 'PrivatePia' });
    await createWorkout(t.app, priv.id, { pushups: 40 });
    await t.app.db.update(users).set({ isPrivate: true }).where(eq(users.id, priv.id));
    const queries = [
      '',
      'beat=30',
      'from=Alex_B',
      // More than the member has ever done, and private or unknown members.
      'beat=31&from=Alex_B',
      'beat=20&from=PrivatePia',
      'beat=20&from=nobody_here',
      // Not a count in the push-up range, or not one count.
      'beat=0&from=Alex_B',
      'beat=301&from=Alex_B',
      'beat=-5&from=Alex_B',
      'beat=4.5&from=Alex_B',
      'beat=1e1&from=Alex_B',
      'beat=0x10&from=Alex_B',
      'beat=%2010&from=Alex_B',
      'beat=0010&from=Alex_B',
      'beat=10&beat=12&from=Alex_B',
      // Not a username, or not one.
      'beat=10&from=Alex_B&from=PreviewPam',
      'beat=10&from=al',
      `beat=10&from=${'a'.repeat(31)}`,
      'beat=10&from=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      'beat=10&from=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
      'beat=10&from=Alex_B%00',
      'beat=10&from=Alex%20B',
      'beat=%3Cb%3E1%3C%2Fb%3E&from=Alex_B',
      'beat[]=10&from=Alex_B',
    ];
    for (const q of queries) {
      const res = await t.app.inject({ url: `/90second/timer?${q}`, headers: BOT });
      expect(res.statusCode, q).toBe(200);
      expect(metaOf(res.body, 'og:title'), q).toBe('FitBench');
      expect(metaOf(res.body, 'og:url'), q).toBe('/');
      expect(metaOf(res.body, 'og:image'), q).toBe('/icons/icon-512.png');
      expect(metaOf(res.body, 'twitter:card'), q).toBe('summary');
      expect(res.body, q).not.toMatch(/Alex|Pia|nobody|<script|alert|onerror|<img|<b>|aaaa/i);
    }
  });

  it("draws the challenge card: another card than the profile's, a 404 above the best, a 400 for what is not a count", async () => {
    const challenge = await t.app.inject({
      url: '/api/share-cards/Alex_B.png?beat=30',
      headers: fresh(),
    });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.headers['content-type']).toBe('image/png');
    expect(pngSize(challenge.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(await whitePixels(challenge.rawPayload)).toBeGreaterThan(5000);
    const profile = await t.app.inject({
      url: '/api/share-cards/Alex_B.png?best=30',
      headers: fresh(),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.rawPayload.equals(challenge.rawPayload)).toBe(false);
    const lower = await t.app.inject({
      url: '/api/share-cards/alex_b.png?beat=12',
      headers: fresh(),
    });
    expect(lower.statusCode).toBe(200);
    expect(lower.rawPayload.equals(challenge.rawPayload)).toBe(false);

    expect(
      (await t.app.inject({ url: '/api/share-cards/Alex_B.png?beat=31', headers: fresh() }))
        .statusCode,
    ).toBe(404);
    for (const beat of ['0', '301', '-1', '4.5', '1e1', '010', 'abc', '%3Cscript%3E', '']) {
      const res = await t.app.inject({
        url: `/api/share-cards/Alex_B.png?beat=${beat}`,
        headers: fresh(),
      });
      expect(res.statusCode, beat).toBe(400);
      expect(res.json().message).toBe('beat must be a whole number from 1 to 300.');
    }
  });
});

describe('share cards', () => {
  it('draws a 1200x630 PNG card, again only when what it shows changes: no query string makes a new one', async () => {
    const u = await createUser(t.app, { username: 'CardCarl' });
    await createWorkout(t.app, u.id, { pushups: 30 });
    const first = await t.app.inject({
      url: '/api/share-cards/cardcarl.png?best=30',
      headers: fresh(),
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    expect(pngSize(first.rawPayload)).toEqual({ width: 1200, height: 630 });
    // Decoded in full: a real image, drawn (the green card with white text, not one flat colour).
    expect(await whitePixels(first.rawPayload)).toBeGreaterThan(5000);

    const renders = renderer.stats.renders;
    for (const q of [
      '',
      '?best=29',
      '?x=random',
      `?x=${Math.random()}&best=30&y=1`,
      '?best=30&best=31',
      '?BEAT=3',
    ]) {
      const again = await t.app.inject({
        url: `/api/share-cards/CardCarl.png${q}`,
        headers: fresh(),
      });
      expect(again.statusCode, q).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload), q).toBe(true);
    }
    expect(renderer.stats.renders).toBe(renders);

    await createWorkout(t.app, u.id, { pushups: 31 });
    const better = await t.app.inject({
      url: '/api/share-cards/CardCarl.png?best=30',
      headers: fresh(),
    });
    expect(pngSize(better.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(better.rawPayload.equals(first.rawPayload)).toBe(false);
    expect(renderer.stats.renders).toBe(renders + 1);
  });

  it('draws at most CARD_RENDER_MAX new cards per address in the window (429 with Retry-After); cards already drawn stay free', async () => {
    const members = [];
    for (let i = 0; i < 8; i++) {
      const u = await createUser(t.app, { username: `budget_${i}` });
      await createWorkout(t.app, u.id, { pushups: 10 + i });
      members.push(u);
    }
    const from = { 'x-forwarded-for': '203.0.113.7' };
    const renders = renderer.stats.renders;
    const statuses = [];
    for (const m of members) {
      const res = await t.app.inject({ url: `/api/share-cards/${m.username}.png`, headers: from });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect(res.json().message).toMatch(/^Too many new share cards/);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect(renderer.stats.renders).toBe(renders + 6);
    // Those drawn are still served to that address; another address draws the rest.
    expect(
      (
        await t.app.inject({
          url: `/api/share-cards/${members[0]!.username}.png?x=1`,
          headers: from,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          url: `/api/share-cards/${members[7]!.username}.png`,
          headers: fresh(),
        })
      ).statusCode,
    ).toBe(200);
    // A window later the address draws again.
    t.clock.set(new Date(Date.now() + 61_000));
    try {
      expect(
        (await t.app.inject({ url: `/api/share-cards/${members[6]!.username}.png`, headers: from }))
          .statusCode,
      ).toBe(200);
    } finally {
      t.clock.set(new Date());
    }
    expect(renderer.stats.renders).toBe(renders + 8);
  });
});

describe('profile pages with the cache on (docs/decisions/0132-start-and-pages-as-shipped.md)', () => {
  it('keeps a profile page fresh: a new best and going private show at once', async () => {
    const cached = await buildApp({
      db: t.app.db,
      boardCache: new BoardCache(),
      config: { clientDir },
    });
    try {
      const u = await createUser(cached);
      const save = (pushups: number) =>
        cached.inject({
          method: 'POST',
          url: '/api/workouts',
          headers: { ...u.headers, 'idempotency-key': randomUUID() },
          payload: { pushups },
        });
      expect((await save(21)).statusCode).toBe(201);
      const page = async () =>
        metaOf(
          (await cached.inject({ url: `/users/${u.username}`, headers: BOT })).body,
          'og:description',
        );
      expect(await page()).toMatch(/^Best: 21 push-ups/);
      expect(await page()).toMatch(/^Best: 21 push-ups/);
      // The kept page is the one of its path: the other prefix, another spelling of the name.
      const urlAt = async (path: string) =>
        metaOf((await cached.inject({ url: path, headers: BOT })).body, 'og:url');
      expect(await urlAt(`/90second/users/${u.username}`)).toBe(`/90second/users/${u.username}`);
      expect(await urlAt(`/users/${u.username.toUpperCase()}`)).toBe(`/users/${u.username}`);
      expect(await urlAt(`/users/${u.username}`)).toBe(`/users/${u.username}`);
      expect((await save(33)).statusCode).toBe(201);
      expect(await page()).toMatch(/^Best: 33 push-ups/);
      const priv = await cached.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: u.headers,
        payload: { isPrivate: true },
      });
      expect(priv.statusCode).toBe(200);
      expect(await page()).not.toContain('33');
    } finally {
      await cached.close();
    }
  });
});
