import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import { buildApp } from '../app';
import { recordResponses } from '../test/openapi-responses';
import { useTestApp } from '../test/app';
import { mediaResponse, openApiPath, registeredRoutes } from './openapi';

// With a client build the app also serves (and describes) the HTML profile pages.
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-openapi-'));
fs.writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html><head><title>FitBench</title></head><body></body></html>',
);
const t = useTestApp({ clientDir });

type Op = {
  summary?: string;
  operationId?: string;
  tags?: string[];
  responses: Record<
    string,
    { content?: Record<string, unknown>; headers?: Record<string, { required?: boolean }> }
  >;
  security?: unknown[];
};
type Doc = {
  openapi: string;
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Op>>;
  components: {
    securitySchemes: Record<
      string,
      { type: string; in: string; name: string; description: string }
    >;
  };
};
const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
  );

describe('OpenAPI description', () => {
  it('is OpenAPI 3.1 at /api/openapi.json and describes every registered API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Doc;
    expect(doc.openapi).toBe('3.1.0');
    const routes = registeredRoutes(t.app).filter(
      (r) => r.url.startsWith('/api/') && !r.hidden && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(10);
    const missing = routes.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('describes the cookie session by the name this server uses, and which routes need it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
    expect(doc.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'fitbench_session',
    });
    expect(doc.components.securitySchemes.session!.description).toContain(
      '__Host-fitbench_session',
    );
    expect(doc.paths['/api/workouts']!.post!.security).toEqual([{ session: [] }]);
    // Public operations say so; those a session changes say it is optional.
    expect(doc.paths['/api/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/challenges']!.get!.security).toEqual([]);
    expect(doc.paths['/api/users/{username}']!.get!.security).toEqual([{}, { session: [] }]);
    // Public, but scope=following needs a session.
    expect(doc.paths['/api/leaderboard/{period}']!.get!.security).toEqual([{}, { session: [] }]);
    for (const { where, op } of operations(doc)) expect(op.security, where).toBeDefined();

    // With Secure cookies (production) the cookie has the __Host- prefix, and so has the document.
    const secure = await buildApp({ db: t.database.db, config: { cookieSecure: true } });
    try {
      await secure.ready();
      const secureDoc = secure.swagger() as unknown as Doc;
      expect(secureDoc.components.securitySchemes.session!.name).toBe('__Host-fitbench_session');
      const login = await secure.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'sec-fetch-site': 'same-origin' },
        payload: { username: 'nobody', password: 'wrong password here' },
      });
      expect(login.statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });

  it('names a server, and gives every operation a unique operationId, a summary and a tag it declares', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const ids = new Map<string, string>();
    const declared = new Set(doc.tags?.map((tag) => tag.name));
    for (const { where, op } of operations(doc)) {
      expect(op.summary, `${where}: summary`).toMatch(/\S/);
      expect(op.operationId, `${where}: operationId`).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
      expect(
        ids.get(op.operationId!),
        `${where}: operationId ${op.operationId} already used`,
      ).toBeUndefined();
      ids.set(op.operationId!, where);
      for (const tag of op.tags ?? []) expect(declared.has(tag), `${where}: tag ${tag}`).toBe(true);
      // `responses: {}` is not valid OpenAPI: every operation has a success.
      expect(
        Object.keys(op.responses).some((code) => /^2/.test(code)),
        `${where}: a 2xx`,
      ).toBe(true);
    }
  });

  it('gives images, pages and the CSV export their own content types', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
    const types = (path: string, code = '200') =>
      Object.keys(doc.paths[path]!.get!.responses[code]!.content ?? {});
    expect(types('/api/avatars/{id}')).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(types('/api/share-cards/{file}')).toEqual(['image/png']);
    expect(types('/api/export')).toEqual(['application/json', 'text/csv']);
    expect(types('/api/avatars/{id}', '404')).toEqual(['application/json']);
    // Throttles say when to come back.
    expect(doc.paths['/api/login']!.post!.responses['429']!.headers!['retry-after']).toMatchObject({
      required: true,
    });
  });

  it('refuses a body that is not JSON with 415, as it says', async () => {
    for (const type of [
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': type, 'sec-fetch-site': 'same-origin' },
        payload: '{"username":"someone","password":"a password"}',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ message: 'Send the request body as application/json.' });
    }
  });

  it('lists the statuses every route can answer besides its own', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
    const save = doc.paths['/api/workouts']!.post!.responses;
    for (const code of ['201', '400', '401', '403', '413', '415', '500', '503'])
      expect(save[code], code).toBeDefined();
    expect(doc.paths['/api/health']!.get!.responses['503']).toBeUndefined();
  });

  it('serves a browsable reference from its own files, with a CSP relaxed on that route only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\/(?!127)/);
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(page.headers['content-security-policy']).not.toMatch(/https:|unsafe-eval/);
    // It lists each operation's id beside its summary.
    const init = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(init.body).toMatch(/"displayOperationId":\s*true/);
    const script = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(script.statusCode).toBe(200);
    // The app's pages keep their own policy, the API's JSON answers theirs.
    const app = await t.app.inject({ method: 'GET', url: '/' });
    expect(app.headers['content-security-policy']).toContain("default-src 'self'");
    expect(app.headers['content-security-policy']).not.toBe(
      page.headers['content-security-policy'],
    );
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});

describe('the response check every API test file runs', () => {
  it('reports an undocumented status and a body off its schema', async () => {
    const app = await buildApp({ db: t.database.db });
    // Untyped on purpose: the probe answers what its schema does not say.
    (app as unknown as FastifyInstance).get(
      '/api/probe',
      {
        schema: {
          querystring: z.object({ s: z.string().optional() }),
          response: { 200: z.object({ a: z.string() }) },
        },
      },
      async (request, reply) => {
        if (request.query && (request.query as { s?: string }).s === 'other')
          return reply.code(202 as never).send({ a: 'x' } as never);
        // A pre-serialized body, as the leaderboard sends: zod does not check it, the recorder does.
        return reply.type('application/json').send('{"a":1}');
      },
    );
    app.get('/api/hidden', { schema: { hide: true } }, async () => ({ ok: true }));
    const check = recordResponses(app);
    await app.ready();
    try {
      await app.inject({ method: 'GET', url: '/api/probe' });
      await app.inject({ method: 'GET', url: '/api/probe?s=other' });
      await app.inject({ method: 'GET', url: '/api/health' });
      const problems = check();
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(
        /^GET \/api\/probe -> 200: body does not match the documented schema: .*a must be string/,
      );
      expect(problems[1]).toBe('GET /api/probe -> 202: status not documented');
    } finally {
      await app.close();
    }
  });

  it('holds images, pages and other bodies to their documented types, and documented headers to being sent', async () => {
    const app = (await buildApp({ db: t.database.db })) as unknown as FastifyInstance;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
    app.get(
      '/api/probe-image',
      {
        schema: {
          querystring: z.object({ s: z.string().optional() }),
          response: { 200: mediaResponse('A PNG.', ['image/png']), 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const s = (request.query as { s?: string }).s;
        if (s === 'jpeg') return reply.type('image/png').send(jpeg);
        if (s === 'html') return reply.type('text/html; charset=utf-8').send('<!doctype html>');
        if (s === 'json') return reply.send({ message: 'an image was documented' });
        // Documented with Retry-After; sent without.
        if (s === 'throttled') return reply.code(429).send({ message: 'Slow down.' });
        if (s === 'retry')
          return reply.code(429).header('retry-after', '3').send({ message: 'Slow down.' });
        return reply.type('image/png').send(png);
      },
    );
    app.post(
      '/api/probe-empty',
      { schema: { response: { 204: z.null() } } },
      async (_request, reply) => reply.code(204).send(null),
    );
    const check = recordResponses(app);
    await app.ready();
    try {
      for (const s of ['', 'jpeg', 'html', 'json', 'throttled', 'retry'])
        await app.inject({ method: 'GET', url: `/api/probe-image?s=${s}` });
      expect((await app.inject({ method: 'POST', url: '/api/probe-empty' })).statusCode).toBe(204);
      // A text/plain body is refused with a documented 415 (JSON).
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/probe-empty',
            headers: { 'content-type': 'text/plain' },
            payload: 'x',
          })
        ).statusCode,
      ).toBe(415);
      expect(check()).toEqual([
        'GET /api/probe-image -> 200: sent as image/png, the bytes are image/jpeg',
        'GET /api/probe-image -> 200: content type text/html not documented (documented: image/png)',
        'GET /api/probe-image -> 200: content type application/json not documented (documented: image/png)',
        'GET /api/probe-image -> 429: the document says header retry-after is sent, and it is not',
      ]);
    } finally {
      await app.close();
    }
  });

  it('checks the pages and the images the app serves in this file', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/users/nobody' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const card = await t.app.inject({ method: 'GET', url: '/api/share-cards/nobody.png' });
    expect(card.statusCode).toBe(404);
  });
});
