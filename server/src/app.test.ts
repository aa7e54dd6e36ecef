import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import type { Database } from './db/client';
import { openTestDatabase } from './test/db';

// The app with a built client folder and production cookie settings.
let app: App;
let database: Database;
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-client-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(clientDir, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  // As the build writes them (scripts/vite-precompress.ts): a brotli and a gzip copy beside it.
  const big = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, name: `row ${i}` })))};`;
  fs.writeFileSync(path.join(clientDir, 'assets', 'big-def456.js'), big);
  fs.writeFileSync(path.join(clientDir, 'assets', 'big-def456.js.br'), brotliCompressSync(big));
  fs.writeFileSync(path.join(clientDir, 'assets', 'big-def456.js.gz'), gzipSync(big));
  database = await openTestDatabase();
  app = await buildApp({ db: database.db, config: { clientDir, cookieSecure: true } });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the client', () => {
  it('serves index.html for client routes (SPA fallback), uncached', async () => {
    for (const url of ['/', '/90second/timer', '/users/someone', '/no-such-page']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await app.inject({ url: '/profile' })).headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with long immutable caching', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed copy the browser accepts (brotli first), the file itself otherwise', async () => {
    const url = '/assets/big-def456.js';
    const raw = fs.readFileSync(path.join(clientDir, 'assets', 'big-def456.js'));
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).equals(raw)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(raw.length / 3);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(raw)).toBe(true);

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(raw)).toBe(true);

    // A file with no compressed copy is sent as it is.
    const small = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('keeps unknown API routes as JSON 404s, never HTML', async () => {
    const res = await app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toMatch(/No API route/);
  });

  it('answers a non-GET to an unknown page with a JSON 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/somewhere', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('production cookie', () => {
  it('sets Secure, HttpOnly and SameSite=Lax behind HTTPS', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'secureuser', email: 'secure@example.com', password: 'tr1cky-Pushups' },
    });
    expect(res.statusCode).toBe(201);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('never leaks a stack trace on a server error', async () => {
    const broken = await buildApp({ db: database.db });
    broken.get('/api/boom', async () => {
      throw new Error('secret internal detail at /work/main/server');
    });
    const res = await broken.inject({ url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toMatch(/secret|\/work\//);
    await broken.close();
  });
});
