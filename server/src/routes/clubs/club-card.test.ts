import { afterAll, describe, expect, it } from 'vitest';
import type { ClubInvite, CreatedClub } from '@common/schemas/clubs';
import { CardRenderer } from '../../lib/card-renderer';
import { useTestApp } from '../../test/app';
import { createUser, type MadeUser } from '../../test/factories';
import { clientDirWithIndex } from '../../test/client-dir';

// A club's share card (docs/decisions/0181-club-share-card.md): its name and member count, drawn
// on the share-card threads, kept by what it shows, pointed at by the club's link-preview tags; an
// invite-only club's card URL carries a card key, never the invite code.
const clientDir = clientDirWithIndex('fitbench-club-card-');
const renderer = new CardRenderer({ workers: 1, queue: 8 });
afterAll(() => renderer.close());
const t = useTestApp({ clientDir, publicUrl: 'https://fit.example' }, { cardRenderer: renderer });

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
const page = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
/** The path and query of an absolute card URL from the tags ("&amp;" as HTML writes it). */
const pathOf = (url: string) => url.replace('https://fit.example', '').replaceAll('&amp;', '&');

function pngSize(buf: Buffer) {
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

let n = 0;
async function make(admin: MadeUser, visibility: 'public' | 'invite') {
  const name = `Card Club ${Date.now() % 100000}${++n}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/clubs',
    headers: admin.headers,
    payload: { name, visibility },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as CreatedClub), name };
}

describe("a club's share card", () => {
  it('is a 1200x630 PNG of a public club, named by its page tags, and drawn once for what it shows', async () => {
    const admin = await createUser(t.app);
    const club = await make(admin, 'public');
    const html = await page(`/clubs/${club.slug}`);
    const image = meta(html, 'og:image')!;
    expect(image).toBe(`https://fit.example/api/share-cards/clubs/${club.slug}.png?members=1`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    // The invite page's tags point at the same card.
    const invite = await page(
      `/clubs/${club.slug}/join?code=${encodeURIComponent(club.inviteCode)}`,
    );
    expect(meta(invite, 'og:image')).toBe(image);

    const renders = renderer.stats.renders;
    const res = await t.app.inject({ url: pathOf(image) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(renderer.stats.renders).toBe(renders + 1);
    // Kept: the same card again (another query, another address) is not drawn again.
    const again = await t.app.inject({
      url: `/api/share-cards/clubs/${club.slug}.png?members=999`,
      remoteAddress: '203.0.113.7',
    });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(renderer.stats.renders).toBe(renders + 1);

    // A new member is a new card, and a new URL in the tags.
    const mate = await createUser(t.app);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/clubs/${club.slug}/join`,
          headers: mate.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    expect(meta(await page(`/clubs/${club.slug}`), 'og:image')).toBe(
      `https://fit.example/api/share-cards/clubs/${club.slug}.png?members=2`,
    );
    expect(
      (await t.app.inject({ url: `/api/share-cards/clubs/${club.slug}.png` })).statusCode,
    ).toBe(200);
    expect(renderer.stats.renders).toBe(renders + 2);
  });

  it('is a 404 for an unknown club, a name that is no slug, and a removed club', async () => {
    const admin = await createUser(t.app);
    const mod = await createUser(t.app, { role: 'moderator' });
    const club = await make(admin, 'public');
    for (const file of [
      'no-such-club.png',
      `${club.slug}.jpg`,
      `${club.slug}`,
      'Bad%20Slug.png',
      '.png',
    ]) {
      const res = await t.app.inject({ url: `/api/share-cards/clubs/${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.json()).toEqual({ message: 'No share card here.' });
    }
    expect(
      (await t.app.inject({ url: `/api/share-cards/clubs/${club.slug}.png` })).statusCode,
    ).toBe(200);
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/actions',
      headers: mod.headers,
      payload: { action: 'remove-club', target: { kind: 'club', slug: club.slug }, reason: 'Spam' },
    });
    expect(removed.statusCode, removed.body).toBe(201);
    // Even though its card was drawn and kept.
    expect(
      (await t.app.inject({ url: `/api/share-cards/clubs/${club.slug}.png` })).statusCode,
    ).toBe(404);
  });

  it('of an invite-only club: only with its card key, which is not its invite code, and changes with a new link', async () => {
    const admin = await createUser(t.app);
    const club = await make(admin, 'invite');
    const html = await page(`/clubs/${club.slug}/join?code=${encodeURIComponent(club.inviteCode)}`);
    expect(meta(html, 'og:title')).toBe(`Join ${club.name} on FitBench`);
    const image = meta(html, 'og:image')!;
    expect(image).toMatch(
      new RegExp(
        `^https://fit\\.example/api/share-cards/clubs/${club.slug}\\.png\\?members=1&amp;key=[0-9a-f]{32}$`,
      ),
    );
    expect(image).not.toContain(club.inviteCode);
    expect(image).not.toContain(encodeURIComponent(club.inviteCode));
    const card = pathOf(image);
    expect((await t.app.inject({ url: card })).headers['content-type']).toBe('image/png');
    // The key opens the card, not the club.
    const key = new URL(card, 'https://x').searchParams.get('key')!;
    expect((await t.app.inject({ url: `/api/clubs/${club.slug}?code=${key}` })).statusCode).toBe(
      404,
    );
    // Without the key, with the code instead, or with a wrong one: as a club that is not there.
    for (const url of [
      `/api/share-cards/clubs/${club.slug}.png`,
      `/api/share-cards/clubs/${club.slug}.png?key=${encodeURIComponent(club.inviteCode)}`,
      `/api/share-cards/clubs/${club.slug}.png?key=${'0'.repeat(32)}`,
    ])
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    // Its page without the code names nothing, and points at no card.
    expect(meta(await page(`/clubs/${club.slug}`), 'og:image')).toBe(
      'https://fit.example/icons/icon-512.png',
    );
    // A new invite link makes a new key: the old card URL stops with the old link.
    const fresh = await t.app.inject({
      method: 'POST',
      url: `/api/clubs/${club.slug}/invite`,
      headers: admin.headers,
    });
    expect(fresh.statusCode).toBe(200);
    expect((await t.app.inject({ url: card })).statusCode).toBe(404);
    const next = meta(
      await page(
        `/clubs/${club.slug}/join?code=${encodeURIComponent((fresh.json() as ClubInvite).inviteCode)}`,
      ),
      'og:image',
    )!;
    expect(next).not.toBe(image);
    expect((await t.app.inject({ url: pathOf(next) })).statusCode).toBe(200);
  });
});
