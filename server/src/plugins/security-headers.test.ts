import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { THEME_INIT_SCRIPT } from '@common/theme';
import { securityHeaders } from './security-headers';

// The constant headers must stay what helmet sent with the options this app gave it.
async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify();
  await register(app);
  app.get('/x', async () => ({ ok: true }));
  const res = await app.inject({ url: '/x' });
  await app.close();
  const { date: _date, ...rest } = res.headers;
  return rest;
}

const helmetOptions = (hsts: boolean) => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The theme's inline first-paint script (common/theme.ts), allowed by its hash alone.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  crossOriginEmbedderPolicy: false,
  hsts,
});

describe('security headers computed at start', () => {
  for (const hsts of [false, true]) {
    it(`are the headers helmet sends (hsts ${hsts})`, async () => {
      const ours = await headersOf(async (app) => {
        await app.register(securityHeaders, { hsts });
      });
      const theirs = await headersOf(async (app) => {
        await app.register(helmet, helmetOptions(hsts));
      });
      expect(ours).toEqual(theirs);
      expect('strict-transport-security' in ours).toBe(hsts);
    });
  }
});
