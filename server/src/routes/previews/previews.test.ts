import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout } from '../../test/factories';

// Link previews as a bot fetches them (docs/decisions/1104-link-previews.md).
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-previews-'));
fs.writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="FitBench: benchmark your fitness." />\n<title>FitBench</title></head><body><div id="root"></div></body></html>',
);
const t = useTestApp({ clientDir });

const BOT = { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', host: 'fitbench.example' };
const metaOf = (html: string, key: string) => {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return m?.[1];
};

function pngSize(buf: Buffer) {
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(buf.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

describe('link previews', () => {
  it('serves a profile with Open Graph and Twitter tags on both paths', async () => {
    const u = await createUser(t.app, { username: 'PreviewPam' });
    await createWorkout(t.app, u.id, { pushups: 42 });
    await createWorkout(t.app, u.id, { pushups: 17 });
    for (const p of ['/users/previewpam', '/90second/users/PreviewPam']) {
      const res = await t.app.inject({ url: p, headers: BOT });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const html = res.body;
      expect(html).toContain('<title>PreviewPam on FitBench</title>');
      expect(metaOf(html, 'og:title')).toBe('PreviewPam on FitBench');
      expect(metaOf(html, 'twitter:title')).toBe('PreviewPam on FitBench');
      expect(metaOf(html, 'og:description')).toBe('Best: 42 push-ups in 90 seconds. 2 workouts logged on FitBench.');
      expect(metaOf(html, 'description')).toBe(metaOf(html, 'og:description'));
      expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaOf(html, 'og:image')).toBe('http://fitbench.example/api/share-cards/PreviewPam.png?best=42');
      expect(metaOf(html, 'og:url')).toBe(`http://fitbench.example${p}`);
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('draws a 1200x630 PNG card, again only when the best changes', async () => {
    const u = await createUser(t.app, { username: 'CardCarl' });
    await createWorkout(t.app, u.id, { pushups: 30 });
    const first = await t.app.inject({ url: '/api/share-cards/cardcarl.png?best=30', headers: BOT });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(pngSize(first.rawPayload)).toEqual({ width: 1200, height: 630 });
    // Decoded in full: a real image, drawn (the green card with white text, not one flat colour).
    const { data, info } = await sharp(first.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1200, 630]);
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(at(5, 5)).toEqual([0x04, 0x78, 0x57]);
    let white = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 240 && data[i + 1]! > 240 && data[i + 2]! > 240) white += 1;
    expect(white).toBeGreaterThan(5000);
    const again = await t.app.inject({ url: '/api/share-cards/CardCarl.png' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    await createWorkout(t.app, u.id, { pushups: 31 });
    const better = await t.app.inject({ url: '/api/share-cards/CardCarl.png?best=31' });
    expect(pngSize(better.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(better.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it('gives unknown and private members generic tags and no card', async () => {
    const priv = await createUser(t.app, { username: 'HiddenHal' });
    await createWorkout(t.app, priv.id, { pushups: 50 });
    await t.app.db.update(users).set({ isPrivate: true }).where(eq(users.id, priv.id));
    for (const p of ['/users/nobody-here', '/90second/users/HiddenHal', '/users/%3Cscript%3E']) {
      const res = await t.app.inject({ url: p, headers: BOT });
      expect(res.statusCode).toBe(200);
      expect(metaOf(res.body, 'og:title')).toBe('FitBench');
      expect(metaOf(res.body, 'twitter:card')).toBe('summary');
      expect(res.body).not.toMatch(/HiddenHal|50 push-ups|<script>/);
    }
    expect((await t.app.inject({ url: '/api/share-cards/HiddenHal.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/share-cards/nobody-here.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/share-cards/..%2F..%2Fetc.png' })).statusCode).toBe(404);
  });

  it('escapes what it writes into the page', async () => {
    const res = await t.app.inject({
      url: '/users/nobody-here?x=1',
      headers: { ...BOT, host: 'evil.example"><script>alert(1)</script>' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
  });
});
