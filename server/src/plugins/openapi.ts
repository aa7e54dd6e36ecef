import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from '@common/constants';
import { apiErrorSchema } from '@common/schemas/errors';
import { sessionCookieName } from '../lib/auth';
import { UNLISTED_QUERY_IGNORED } from './strict-requests';

/**
 * The API description, generated from the routes' zod schemas: GET /api/openapi.json (OpenAPI
 * 3.1) and a browsable reference at /api/docs (Swagger UI from its npm package, no CDN). Statuses
 * every route can answer whatever its own schema says (cross-site refusal, bodies, outages) are
 * added here, so route files list only their own; each route gives its `summary` and `operationId`,
 * and a body that is not JSON is declared with `mediaResponse`. See docs/decisions/0040-openapi.md
 * and docs/decisions/0088-openapi-every-content-type.md.
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

/** Bytes the route sends as they are (an image): no JSON Schema describes them. */
const bytes = z.custom<Buffer>((v) => Buffer.isBuffer(v));

/**
 * A response whose body is not JSON (an image, a page, a file): `{ description, content }` with
 * one entry per media type it may carry, which the type provider and @fastify/swagger take as they
 * are. The response check (server/src/test/openapi-responses.ts) holds a route to these types.
 */
export function mediaResponse(
  description: string,
  mediaTypes: readonly string[],
  schema: z.ZodType = bytes,
) {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}

/** Whether a route's response entry is one mediaResponse made (a body that is not JSON). */
export const isMediaResponse = (entry: unknown): boolean =>
  typeof entry === 'object' && entry !== null && 'content' in entry;

/** What a status means when the route does not say more. */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK.',
  201: 'Created.',
  204: 'Done; no body.',
  400: 'The input is not valid (errors per field).',
  401: 'Not signed in, or the session has ended.',
  403: 'Not allowed.',
  404: 'Not found, or not visible to you.',
  409: 'A conflict with what exists.',
  410: 'Gone.',
  413: 'The body is too large.',
  415: 'The body is not JSON.',
  422: 'Understood, but refused by a rule.',
  429: 'Too many requests; Retry-After says when to try again.',
  500: 'An unexpected error (never with details).',
  503: 'Briefly unavailable; Retry-After says when to try again.',
};

// @fastify/swagger takes a response header as its JSON Schema; `transformObject` below marks the
// headers required (every header this document lists is always sent).
const retryAfter = {
  'retry-after': {
    description: 'Seconds to wait before trying again.',
    type: 'string',
    pattern: '^[0-9]+$',
  },
};

type ResponseEntry = Record<string, unknown> & { description?: string; headers?: unknown };

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
        security?: { [scheme: string]: string[] }[];
      };
      const response: Record<string | number, unknown> = { ...(schema.response ?? {}) };
      const url = input.url;
      const method = String(input.route.method).toUpperCase();
      const api = url.startsWith('/api/');
      const added = new Set<string>();
      const add = (code: number, description: string) => {
        if (response[code] !== undefined) return;
        response[code] = apiErrorSchema.describe(description);
        added.add(String(code));
      };
      if (api) {
        if (method !== 'GET' && method !== 'HEAD')
          add(403, 'A state-changing request from another site.');
        if (schema.body) {
          add(400, 'The body is not valid (errors per field).');
          add(413, 'The body is too large.');
          add(415, 'The body is not JSON (Content-Type must be application/json).');
        } else if (method !== 'GET' && method !== 'HEAD') {
          // A body is read on every write, also where none is expected (Fastify parses it before
          // the route runs): one that is not JSON, or too large, is refused all the same.
          add(400, 'A body was sent and is not valid JSON.');
          add(413, 'A body was sent and is too large.');
          add(415, 'A body was sent and is not JSON.');
        }
      }
      if (schema.querystring || schema.params)
        add(400, 'A parameter is not valid (errors per field).');
      // Any API request may carry a query parameter its operation does not list: refused
      // (server/src/plugins/strict-requests.ts).
      if (api && !schema[UNLISTED_QUERY_IGNORED])
        add(400, 'A query parameter this operation does not list was sent.');
      // Fastify's router refuses a path parameter over 100 characters before any schema sees it.
      if (schema.params) add(414, 'A path parameter is too long.');
      if (api || schema.params) {
        add(500, 'An unexpected error (never with details).');
        // Every route but liveness may read the database; the pages read the member they show.
        if (url !== '/api/health')
          add(503, 'The database is briefly unavailable; Retry-After says when to try again.');
      }
      // A throttle or an outage answered with the API's error says when to come back (a route's
      // own 503 with another body, readiness's, does not).
      const retrying = ['429', '503'].filter(
        (code) => response[code] === apiErrorSchema || added.has(code),
      );
      // Routes that answer 401 need the session cookie, except the two that create one.
      const needsSession =
        response[401] !== undefined && url !== '/api/login' && url !== '/api/register';
      const transformed = jsonSchemaTransform({
        ...input,
        schema: { ...schema, response } as typeof input.schema,
      });
      const out = transformed.schema as Record<string, unknown> & {
        response?: Record<string, ResponseEntry>;
        hide?: boolean;
      };
      if (out?.hide) return transformed;
      // Every response says what it means, and the throttles and outages say when to come back.
      for (const [code, entry] of Object.entries(out.response ?? {})) {
        if (!entry.description) entry.description = STATUS_TEXT[Number(code)] ?? `HTTP ${code}.`;
        if (retrying.includes(code) && !entry.headers) entry.headers = retryAfter;
      }
      // Grouped by what the path's second segment names (TAGS); the HTML pages on their own.
      const segment = api ? (url.split('/')[2] ?? '') : 'pages';
      const tag = TAG_OF_SEGMENT[segment] ?? segment;
      return {
        ...transformed,
        schema: {
          ...out,
          tags: [tag],
          // Public operations say so (`[]`); a route whose answer depends on an optional session
          // gives its own (`[{}, { session: [] }]`).
          security: schema.security ?? (needsSession ? [{ session: [] }] : []),
        },
      };
    };

    const cookieName = sessionCookieName(app.config.cookieSecure);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'FitBench API',
          version: '1',
          description:
            'Timed fitness challenges, workouts and leaderboards. Errors are JSON `{ message, errors? }`. ' +
            'Request bodies are JSON (`Content-Type: application/json`); any other type is refused with 415. ' +
            'Paths outside `/api/` that are not listed here serve the web app (`text/html`). ' +
            'An API request with a query parameter its operation does not list is refused with 400; a method ' +
            'a listed path does not list gets 405 with an `Allow` header naming the methods it has (HEAD wherever GET). ' +
            'Where a rule cannot be written in JSON Schema (a time zone the server must know, a time relative to now), ' +
            "the schema's description says it. " +
            'Product rules: docs/product.md in the repository.',
        },
        // Relative: the document is served by the server it describes, whatever its address.
        servers: [{ url: '/', description: 'The server this document is served from.' }],
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: cookieName,
              description:
                `This server's session cookie is \`${cookieName}\`: \`__Host-${SESSION_COOKIE}\` where cookies are ` +
                `Secure (over HTTPS, the default in production: COOKIE_SECURE), \`${SESSION_COOKIE}\` otherwise. ` +
                'Set (HttpOnly) by POST /api/register and POST /api/login; removed by POST /api/logout. ' +
                'State-changing requests must come from the same site (Origin / Sec-Fetch-Site).',
            },
          },
        },
      },
      transform: withCommonStatuses,
      transformObject: (input) => {
        type Op = {
          tags?: string[];
          responses?: Record<string, { headers?: Record<string, { required?: boolean }> }>;
        };
        const doc = jsonSchemaTransformObject(input);
        const paths = (doc as { paths?: Record<string, Record<string, Op>> }).paths ?? {};
        // Every tag an operation uses is declared once, in TAGS' order (new ones last).
        const tags = new Set<string>();
        for (const item of Object.values(paths))
          for (const op of Object.values(item)) {
            for (const tag of op.tags ?? []) tags.add(tag);
            for (const response of Object.values(op.responses ?? {}))
              for (const header of Object.values(response.headers ?? {})) header.required = true;
          }
        return {
          ...doc,
          tags: [...tags]
            .sort((a, b) => rank(a) - rank(b))
            .map((name) => ({ name, description: TAGS[name]?.description ?? `/api/${name}` })),
        } as ReturnType<typeof jsonSchemaTransformObject>;
      },
    });

    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: {
        validatorUrl: null,
        docExpansion: 'list',
        deepLinking: true,
        displayOperationId: true,
      },
      // Its own policy on /api/docs only: Swagger UI sets style attributes, and shows the SVG
      // logo as a data: image. Scripts stay 'self' (its files come from node_modules).
      staticCSP:
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    });

    app.get(
      '/api/openapi.json',
      {
        schema: {
          summary: 'This API description (OpenAPI 3.1)',
          operationId: 'getOpenApiDocument',
          response: {
            200: z.looseObject({ openapi: z.string() }).describe('The OpenAPI document.'),
          },
        },
      },
      async (_request, reply) =>
        reply.header('cache-control', 'no-cache').send(app.swagger() as { openapi: string }),
    );
  },
  { name: 'openapi' },
);

/** The groups of operations on /api/docs, and the path segments each holds. */
const TAGS: Record<string, { description: string; segments: string[] }> = {
  auth: {
    description: 'Registering, signing in and out, who is signed in.',
    segments: ['register', 'login', 'logout', 'user', 'session'],
  },
  workouts: { description: 'My workouts and my stats.', segments: ['workouts', 'stats'] },
  leaderboard: {
    description: 'The boards, public, and my place on them.',
    segments: ['leaderboard'],
  },
  users: { description: 'Public profiles.', segments: ['users'] },
  following: {
    description: 'Whom I follow and who follows me.',
    segments: ['following', 'followers'],
  },
  profile: { description: 'My profile and the pictures.', segments: ['profile', 'avatars'] },
  account: {
    description: 'My password, my data, my account.',
    segments: ['password', 'export', 'account'],
  },
  sessions: { description: 'Where I am signed in.', segments: ['sessions'] },
  reports: {
    description: 'Reporting a board entry or a profile to the moderators.',
    segments: ['reports'],
  },
  moderation: {
    description:
      'The moderators: reports, actions and their undos, the audit log (403 for members).',
    segments: ['moderation'],
  },
  clubs: { description: 'Clubs: their members, invite codes and boards.', segments: ['clubs'] },
  pages: {
    description:
      'HTML pages and images for link previews (the web app itself is served for every other path).',
    segments: ['pages', 'share-cards'],
  },
  operations: {
    description: 'Liveness, readiness and this description.',
    segments: ['health', 'ready', 'openapi.json'],
  },
};
const rank = (tag: string) => {
  const i = Object.keys(TAGS).indexOf(tag);
  return i === -1 ? Infinity : i;
};
const TAG_OF_SEGMENT = Object.fromEntries(
  Object.entries(TAGS).flatMap(([tag, { segments }]) => segments.map((segment) => [segment, tag])),
);

/** For a route anyone may call whose answer depends on the session when there is one. */
export const optionalSession: { [scheme: string]: string[] }[] = [{}, { session: [] }];
