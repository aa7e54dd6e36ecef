import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { SAMPLE_INDEX_HTML, SAMPLE_ROUTE_PRELOADS } from '../test/route-preloads';

// Cache headers of the built client (docs/decisions/0055-pwa-and-offline-saves.md).
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-client-'));
fs.mkdirSync(path.join(clientDir, 'assets'));
fs.writeFileSync(path.join(clientDir, 'index.html'), SAMPLE_INDEX_HTML);
fs.mkdirSync(path.join(clientDir, '.vite'));
fs.writeFileSync(
  path.join(clientDir, '.vite', 'route-preloads.json'),
  JSON.stringify(SAMPLE_ROUTE_PRELOADS),
);
fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
fs.writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"FitBench"}');
fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
const t = useTestApp({ clientDir });

describe('client files', () => {
  it.each([
    ['/sw.js', 'no-cache'],
    ['/manifest.webmanifest', 'no-cache'],
    ['/assets/index-abc123.js', 'public, max-age=31536000, immutable'],
    ['/favicon.svg', 'public, max-age=3600'],
    ['/90second/timer', 'no-cache'],
  ])('%s is served with Cache-Control %s', async (url, cacheControl) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(cacheControl);
  });

  it('serves the manifest as a web app manifest', async () => {
    const res = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  // The page tells a copy from the server (open challenges named) from the service worker's
  // precached one, which it must check with the API (docs/decisions/0195-open-challenges-beside-a-cached-shell.md).
  it('names the open challenges in the pages it serves, never in the /index.html the worker precaches', async () => {
    const page = await t.app.inject({ url: '/90second/timer' });
    expect(page.body).toContain('<meta name="fitbench-challenges" content="pushup-90">');
    const precached = await t.app.inject({ url: '/index.html' });
    expect(precached.statusCode).toBe(200);
    expect(precached.body).not.toContain('fitbench-challenges');
  });
});

// docs/decisions/0074-route-modulepreload.md (the matching: server/src/lib/index-html.test.ts)
describe("index.html preloads the chunks of the path's screen", () => {
  it.each([
    ['/leaderboard?period=week', ['/assets/query-a1.js', '/assets/leaderboard-b2.js']],
    // Served by the link previews (server/src/routes/previews/previews.routes.ts).
    ['/users/Ann.B', ['/assets/query-a1.js', '/assets/public-profile-c3.js']],
    ['/', []],
    ['/nowhere', ['/assets/not-found-f6.js']],
  ])('%s', async (url, files) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const links = [
      ...res.body.matchAll(
        /<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g,
      ),
    ];
    expect(links.map((m) => m[1])).toEqual(files);
  });
});
