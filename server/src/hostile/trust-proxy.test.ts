import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { parseTrustProxy } from '../lib/client-address';
import { useTestApp } from '../test/app';

// Forged X-Forwarded-For under each TRUST_PROXY setting: only entries added by trusted proxies count.
const t = useTestApp();
const apps: App[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function ipSeen(
  trustProxy: ReturnType<typeof parseTrustProxy>,
  remoteAddress: string,
  xff?: string,
) {
  let app = apps.find((a) => JSON.stringify(a.config.trustProxy) === JSON.stringify(trustProxy));
  if (!app) {
    app = await buildApp({ db: t.database.db, config: { trustProxy } });
    app.get('/api/test/ip', async (request) => ({ ip: request.ip }));
    apps.push(app);
  }
  const res = await app.inject({
    url: '/api/test/ip',
    remoteAddress,
    headers: xff ? { 'x-forwarded-for': xff } : {},
  });
  return res.json().ip as string;
}

describe('TRUST_PROXY', () => {
  it('parses false, hop counts and address lists, and refuses true and nonsense', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,::1')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
    ]);
    expect(() => parseTrustProxy('true')).toThrow(/hop count|number of proxies/);
    expect(() => parseTrustProxy('10.0.0.0/99')).toThrow(/not an IP address/);
    expect(() => parseTrustProxy('proxy.local')).toThrow(/not an IP address/);
  });

  it('false: X-Forwarded-For is ignored, the socket address is the client', async () => {
    expect(await ipSeen(false, '203.0.113.9', '1.2.3.4')).toBe('203.0.113.9');
  });

  it('a hop count: only the entries the trusted hops appended count; forged ones before them never', async () => {
    // One proxy: it appends the real client (198.51.100.7) after whatever the client sent.
    expect(await ipSeen(1, '10.0.0.2', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipSeen(1, '10.0.0.2', '198.51.100.7')).toBe('198.51.100.7');
    // Two proxies: client forged 6.6.6.6; the outer proxy appended the real client.
    expect(await ipSeen(2, '10.0.0.3', '6.6.6.6, 198.51.100.8, 10.0.0.9')).toBe('198.51.100.8');
  });

  it('an address list: a forged header from an untrusted peer is ignored; through a trusted proxy only the last untrusted entry counts', async () => {
    const trusted = ['10.0.0.0/8'];
    expect(await ipSeen(trusted, '203.0.113.50', '1.2.3.4')).toBe('203.0.113.50');
    expect(await ipSeen(trusted, '10.1.2.3', '6.6.6.6, 198.51.100.9')).toBe('198.51.100.9');
    expect(await ipSeen(trusted, '10.1.2.3', '6.6.6.6, 198.51.100.9, 10.4.4.4')).toBe(
      '198.51.100.9',
    );
  });

  it('a forged X-Forwarded-For does not reset the login limit', async () => {
    const app = await buildApp({
      db: t.database.db,
      config: { trustProxy: ['10.0.0.0/8'], loginMaxFailures: 3 },
    });
    apps.push(app);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '203.0.113.77',
        headers: { 'x-forwarded-for': `100.64.0.${i}` },
        payload: { username: 'someone', password: 'wrong-one' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
  });
});
