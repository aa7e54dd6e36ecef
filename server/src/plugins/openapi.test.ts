import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../app';
import { recordResponses } from '../test/openapi-responses';
import { useTestApp } from '../test/app';
import { openApiPath, registeredRoutes } from './openapi';

const t = useTestApp();

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
};

describe('OpenAPI description', () => {
  it('is OpenAPI 3.1 at /api/openapi.json and describes every registered API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Doc;
    expect(doc.openapi).toBe('3.1.0');
    const routes = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && !r.hidden && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(10);
    const missing = routes.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('describes the cookie session, and which routes need it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'fitbench_session' });
    expect(doc.paths['/api/workouts']!.post!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/login']!.post!.security).toBeUndefined();
    expect(doc.paths['/api/leaderboard/{period}']!.get!.security).toBeUndefined();
  });

  it('lists the statuses every route can answer besides its own', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
    const save = doc.paths['/api/workouts']!.post!.responses;
    for (const code of ['201', '400', '401', '403', '413', '415', '500', '503']) expect(save[code], code).toBeDefined();
    expect(doc.paths['/api/health']!.get!.responses['503']).toBeUndefined();
  });

  it('serves a browsable reference from its own files, with a CSP relaxed on that route only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\/(?!127)/);
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(page.headers['content-security-policy']).not.toMatch(/https:|unsafe-eval/);
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toContain("default-src 'self'");
    expect(api.headers['content-security-policy']).not.toBe(page.headers['content-security-policy']);
  });
});

describe('the response check every API test file runs', () => {
  it('reports an undocumented status and a body off its schema', async () => {
    const app = await buildApp({ db: t.database.db });
    // Untyped on purpose: the probe answers what its schema does not say.
    (app as unknown as FastifyInstance).get('/api/probe', { schema: { response: { 200: z.object({ a: z.string() }) } } }, async (request, reply) => {
      if (request.query && (request.query as { s?: string }).s === 'other') return reply.code(202 as never).send({ a: 'x' } as never);
      // A pre-serialized body, as the leaderboard sends: zod does not check it, the recorder does.
      return reply.type('application/json').send('{"a":1}');
    });
    app.get('/api/hidden', { schema: { hide: true } }, async () => ({ ok: true }));
    const check = recordResponses(app);
    await app.ready();
    try {
      await app.inject({ method: 'GET', url: '/api/probe' });
      await app.inject({ method: 'GET', url: '/api/probe?s=other' });
      await app.inject({ method: 'GET', url: '/api/health' });
      const problems = check();
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^GET \/api\/probe -> 200: body does not match the documented schema: .*a must be string/);
      expect(problems[1]).toBe('GET /api/probe -> 202: status not documented');
    } finally {
      await app.close();
    }
  });
});
