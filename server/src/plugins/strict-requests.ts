import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { formatIcu } from '@common/say';
import { HttpError } from '../lib/errors';

// The refusal of an unknown query parameter, said by the error handler (server/src/locales/).
const UNKNOWN_QUERY =
  'Unknown query parameter {names}. {takes, select, none {It takes none.} other {It takes {listed}.}}';

/**
 * Two rules every route follows without saying so itself (docs/decisions/0209-openapi-says-what-the-server-enforces.md):
 * - an API request with a query parameter its route does not list is refused with 400 naming it
 *   (a misspelt `limt=5` was silently the default page);
 * - a method a path does not have gets 405 with `Allow` listing the ones it has (HEAD wherever
 *   GET is), instead of a 404 that says the path does not exist. The not-found handler asks
 *   `allowedMethods` (server/src/plugins/client.ts).
 * Register before the routes: it sees those registered after it.
 */
/**
 * A route schema's mark (an OpenAPI extension, so the document says it too): query parameters
 * it does not list are ignored rather than refused. Share cards only: the pages write their URLs
 * with cache-busters (?best=, ?members=) that crawlers fetch as they are.
 */
export const UNLISTED_QUERY_IGNORED = 'x-unlisted-query-parameters-ignored';

interface Pattern {
  re: RegExp;
  methods: Set<string>;
}
const patternsOf = new WeakMap<FastifyInstance, Map<string, Pattern>>();

/** Fastify's `/a/:id/*` as a regular expression over a request's path. */
function patternRegExp(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/** The methods the app answers on `path` (no query), HEAD wherever GET; empty when none. */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  const methods = new Set<string>();
  for (const pattern of patternsOf.get(app)?.values() ?? [])
    if (pattern.re.test(path)) for (const m of pattern.methods) methods.add(m);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/** The query keys a route's schema lists, or null when they cannot be read from it (not checked). */
function queryKeys(querystring: unknown): Set<string> | null {
  if (querystring === undefined) return new Set();
  // A zod object, or one inside a pipe (.transform) or a default.
  let schema = querystring as {
    shape?: Record<string, unknown>;
    _zod?: { def?: { in?: unknown; innerType?: unknown } };
    properties?: object;
  };
  for (let i = 0; i < 4 && !schema.shape; i++) {
    const def = schema._zod?.def;
    const inner = def?.in ?? def?.innerType;
    if (!inner) break;
    schema = inner as typeof schema;
  }
  if (schema.shape) return new Set(Object.keys(schema.shape));
  if (schema.properties) return new Set(Object.keys(schema.properties));
  return null;
}

export const strictRequests = fp(
  async (app: FastifyInstance) => {
    const patterns = new Map<string, Pattern>();
    patternsOf.set(app, patterns);
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
      const pattern = patterns.get(route.url) ?? {
        re: patternRegExp(route.url),
        methods: new Set<string>(),
      };
      for (const m of methods) pattern.methods.add(m.toUpperCase());
      patterns.set(route.url, pattern);

      // Pages take any query (links shared elsewhere gain tracking parameters); hidden routes
      // (the reference's files) are not part of the API.
      const schema = route.schema as
        { hide?: boolean; [UNLISTED_QUERY_IGNORED]?: boolean } | undefined;
      if (!route.url.startsWith('/api/') || schema?.hide || schema?.[UNLISTED_QUERY_IGNORED])
        return;
      const allowed = queryKeys(route.schema?.querystring);
      if (!allowed) return;
      const check = async (request: FastifyRequest, _reply: FastifyReply) => {
        const unknown = Object.keys(request.query as object).filter((k) => !allowed.has(k));
        if (unknown.length === 0) return;
        // Said in the request's language by the error handler (server/src/locales/).
        const values = {
          names: unknown.map((k) => JSON.stringify(k)).join(', '),
          takes: allowed.size ? 'some' : 'none',
          listed: [...allowed].join(', '),
        };
        throw new HttpError(
          400,
          formatIcu(UNKNOWN_QUERY, values),
          Object.fromEntries(unknown.map((k) => [k, ['Not a query parameter of this route']])),
          undefined,
          { id: UNKNOWN_QUERY, values },
        );
      };
      const existing = route.preValidation;
      route.preValidation = [
        check,
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      ];
    });
  },
  { name: 'strict-requests' },
);
