import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { THEME_INIT_SCRIPT } from '@common/theme';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiHeaderValues, securityHeaderValues, securityHeaders } from './security-headers';

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
      scriptSrc: [
        "'self'",
        "'wasm-unsafe-eval'",
        `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`,
      ],
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

describe('security headers by answer', () => {
  const json = { response: { 200: z.object({ ok: z.boolean() }) } };
  const media = {
    response: { 200: { description: 'A PNG.', content: { 'image/png': { schema: z.any() } } } },
  };
  async function appWith(hsts: boolean) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(securityHeaders, { hsts });
    await app.register(
      async (api) => {
        api.get('/json/:id', { schema: json }, async () => ({ ok: true }));
        api.get('/picture', { schema: media }, async (_req, reply) =>
          reply.type('image/png').send(Buffer.from('png')),
        );
        api.get('/bare', async () => ({ ok: true }));
        // One path, a JSON read and a media upload: the page's set for both.
        api.get('/mixed', { schema: json }, async () => ({ ok: true }));
        api.put('/mixed', { schema: media }, async (_req, reply) =>
          reply.type('image/png').send(Buffer.from('png')),
        );
      },
      { prefix: '/api' },
    );
    app.get('/page', async (_req, reply) => reply.type('text/html').send('<p>hi</p>'));
    return app;
  }
  const only = (h: Record<string, unknown>) => {
    const {
      date: _d,
      'content-type': _t,
      'content-length': _l,
      connection: _c,
      'keep-alive': _k,
      ...rest
    } = h;
    return rest;
  };

  for (const hsts of [false, true]) {
    it(`a JSON answer of the API gets the API's set, anything else the page's (hsts ${hsts})`, async () => {
      const app = await appWith(hsts);
      try {
        const get = async (url: string, method: 'GET' | 'PUT' = 'GET') =>
          only((await app.inject({ method, url })).headers);
        expect(await get('/api/json/7')).toEqual(apiHeaderValues(hsts));
        for (const url of [
          '/api/picture',
          '/api/bare',
          '/api/mixed',
          '/page',
          '/api/no-such-route',
        ]) {
          expect(await get(url), url).toEqual(securityHeaderValues(hsts));
        }
        expect(await get('/api/mixed', 'PUT')).toEqual(securityHeaderValues(hsts));
        expect('strict-transport-security' in apiHeaderValues(hsts)).toBe(hsts);
      } finally {
        await app.close();
      }
    });
  }
});
