import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from '@common/constants';
import { apiErrorSchema } from '@common/schemas/errors';

/**
 * The API description, generated from the routes' zod schemas: GET /api/openapi.json (OpenAPI
 * 3.1) and a browsable reference at /api/docs (Swagger UI from its npm package, no CDN). Statuses
 * every route can answer whatever its own schema says (cross-site refusal, bodies, outages) are
 * added here, so route files list only their own. See docs/decisions/0802-openapi.md.
 * Register before the routes: it describes the routes registered after it (server/src/app.ts).
 */
export interface RegisteredRoute {
  method: string;
  url: string;
  hidden: boolean;
}
const routesOf = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered after this plugin (for the test that all are described). */
export const registeredRoutes = (app: FastifyInstance) => routesOf.get(app) ?? [];

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export const openApi = fp(
  async (app: FastifyInstance) => {
    const routes: RegisteredRoute[] = [];
    routesOf.set(app, routes);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
      for (const method of methods) routes.push({ method: String(method), url: route.url, hidden });
    });

    const withCommonStatuses = (input: Parameters<typeof jsonSchemaTransform>[0]) => {
      const schema = { ...input.schema } as Record<string, unknown> & {
        response?: Record<string | number, unknown>;
      };
      const response: Record<string | number, unknown> = { ...(schema.response ?? {}) };
      const url = input.url;
      const method = String(input.route.method).toUpperCase();
      const add = (code: number, description: string) => {
        if (response[code] === undefined) response[code] = apiErrorSchema.describe(description);
      };
      if (url.startsWith('/api/')) {
        if (method !== 'GET' && method !== 'HEAD')
          add(403, 'A state-changing request from another site.');
        if (schema.body) {
          add(400, 'The body is not valid (errors per field).');
          add(413, 'The body is too large.');
          add(415, 'The body is not JSON.');
        } else if (method !== 'GET' && method !== 'HEAD') {
          // A body is read on every write, also where none is expected (Fastify parses it before
          // the route runs): one that is not JSON, or too large, is refused all the same.
          add(400, 'A body was sent and is not valid JSON.');
          add(413, 'A body was sent and is too large.');
          add(415, 'A body was sent and is not JSON.');
        }
        if (schema.querystring || schema.params)
          add(400, 'A parameter is not valid (errors per field).');
        // Fastify's router refuses a path parameter over 100 characters before any schema sees it.
        if (schema.params) add(414, 'A path parameter is too long.');
        add(500, 'An unexpected error (never with details).');
        if (url !== '/api/health')
          add(503, 'The database is briefly unavailable; Retry-After says when to try again.');
      }
      // Routes that answer 401 need the session cookie, except the two that create one.
      const needsSession =
        response[401] !== undefined && url !== '/api/login' && url !== '/api/register';
      const transformed = jsonSchemaTransform({
        ...input,
        schema: { ...schema, response } as typeof input.schema,
      });
      // Grouped by resource (the path's second segment: workouts, leaderboard, ...).
      const tag = url.split('/')[2] ?? 'app';
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          tags: [tag],
          ...(needsSession ? { security: [{ session: [] }] } : {}),
        },
      };
    };

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'FitBench API',
          version: '1',
          description:
            'Timed fitness challenges, workouts and leaderboards. Errors are JSON `{ message, errors? }`. ' +
            'Product rules: docs/product.md in the repository.',
        },
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description:
                'Set (HttpOnly) by POST /api/register and POST /api/login; removed by POST /api/logout. ' +
                'State-changing requests must come from the same site (Origin / Sec-Fetch-Site).',
            },
          },
        },
      },
      transform: withCommonStatuses,
      transformObject: jsonSchemaTransformObject,
    });

    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
      // Its own policy on /api/docs only: Swagger UI sets style attributes, and shows the SVG
      // logo as a data: image. Scripts stay 'self' (its files come from node_modules).
      staticCSP:
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    });

    app.get(
      '/api/openapi.json',
      { schema: { hide: true, response: { 200: z.unknown() } } },
      async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()),
    );
  },
  { name: 'openapi' },
);
