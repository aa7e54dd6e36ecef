import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { parseTrustProxy } from '../lib/client-address';
import { sameOrigin } from '../plugins/same-site';
import { useTestApp } from '../test/app';

// The same-origin check is scheme-exact (server/src/plugins/same-site.ts): an https Origin on an
// http server is refused, and the reverse; only a proxy TRUST_PROXY trusts may name the scheme
// (X-Forwarded-Proto). A login with an empty body answers 400 once past the check, 403 when refused.
const t = useTestApp();
const apps = new Map<string, App>();
afterAll(async () => {
  for (const a of apps.values()) await a.close();
});

async function post(
  trustProxy: string | undefined,
  headers: Record<string, string>,
  remoteAddress = '203.0.113.7',
): Promise<number> {
  let app = apps.get(String(trustProxy));
  if (!app) {
    app = await buildApp({
      db: t.database.db,
      config: { trustProxy: parseTrustProxy(trustProxy) },
    });
    apps.set(String(trustProxy), app);
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: '{}',
  });
  if (res.statusCode === 403)
    expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed.' });
  return res.statusCode;
}

describe('scheme-exact same-origin check', () => {
  it('compares scheme, host and port', () => {
    expect(sameOrigin('http://app.example', 'http', 'app.example')).toBe(true);
    expect(sameOrigin('http://app.example:80', 'http', 'app.example')).toBe(true);
    expect(sameOrigin('https://app.example', 'https', 'app.example:443')).toBe(true);
    expect(sameOrigin('https://app.example', 'http', 'app.example')).toBe(false);
    expect(sameOrigin('http://app.example', 'https', 'app.example')).toBe(false);
    expect(sameOrigin('https://app.example:80', 'http', 'app.example:80')).toBe(false);
    expect(sameOrigin('http://app.example:8080', 'http', 'app.example')).toBe(false);
    expect(sameOrigin('http://evil.app.example', 'http', 'app.example')).toBe(false);
    expect(sameOrigin('null', 'http', 'app.example')).toBe(false);
    expect(sameOrigin('http://app.example', 'ftp', 'app.example')).toBe(false);
    expect(sameOrigin('http://app.example', 'http', undefined)).toBe(false);
  });

  it('an http server (no trusted proxy) refuses an https Origin for its own host, even with a forged X-Forwarded-Proto', async () => {
    const host = 'localhost:5000';
    expect(await post(undefined, { host, origin: 'http://localhost:5000' })).toBe(400);
    expect(await post(undefined, { host, origin: 'https://localhost:5000' })).toBe(403);
    expect(
      await post(undefined, {
        host,
        origin: 'https://localhost:5000',
        'x-forwarded-proto': 'https',
      }),
    ).toBe(403);
    expect(await post(undefined, { host: 'localhost', origin: 'https://localhost' })).toBe(403);
    expect(await post(undefined, { host: 'localhost', origin: 'http://localhost:80' })).toBe(400);
  });

  it('behind a trusted proxy that says https: an https Origin passes, the http one (the reverse) is refused', async () => {
    const proxy = '10.0.0.1';
    const https = { host: 'app.example', 'x-forwarded-proto': 'https' };
    expect(await post(proxy, { ...https, origin: 'https://app.example' }, proxy)).toBe(400);
    expect(await post(proxy, { ...https, origin: 'http://app.example' }, proxy)).toBe(403);
    // The proxy speaking plain http: the reverse holds.
    const http = { host: 'app.example', 'x-forwarded-proto': 'http' };
    expect(await post(proxy, { ...http, origin: 'http://app.example' }, proxy)).toBe(400);
    expect(await post(proxy, { ...http, origin: 'https://app.example' }, proxy)).toBe(403);
    // A nonsense scheme from the proxy is no scheme at all.
    expect(
      await post(
        proxy,
        { host: 'app.example', 'x-forwarded-proto': 'javascript', origin: 'http://app.example' },
        proxy,
      ),
    ).toBe(403);
    // A hop count trusts the nearest hop's word too.
    expect(await post('1', { ...https, origin: 'https://app.example' })).toBe(400);
    expect(await post('1', { ...https, origin: 'http://app.example' })).toBe(403);
  });

  it('a client that is not the trusted proxy cannot name the scheme', async () => {
    const forged = {
      host: 'app.example',
      'x-forwarded-proto': 'https',
      origin: 'https://app.example',
    };
    expect(await post('10.0.0.1', forged, '203.0.113.7')).toBe(403);
    expect(await post('10.0.0.1', { ...forged, origin: 'http://app.example' }, '203.0.113.7')).toBe(
      400,
    );
  });

  it('Sec-Fetch-Site: cross-site and same-site are refused; same-origin and none pass', async () => {
    expect(await post(undefined, { 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await post(undefined, { 'sec-fetch-site': 'same-site' })).toBe(403);
    expect(await post(undefined, { 'sec-fetch-site': 'same-origin' })).toBe(400);
    expect(await post(undefined, { 'sec-fetch-site': 'none' })).toBe(400);
  });
});
