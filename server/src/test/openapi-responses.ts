import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';
import { openApiPath } from '../plugins/openapi';

// Every response an API test receives is checked against the OpenAPI document the app serves:
// its status must be documented for its route, and a JSON body must match the documented schema.
// So the description cannot drift from what the code sends (docs/decisions/0802-openapi.md).

interface Seen {
  method: string;
  url: string;
  status: number;
  contentType: string;
  payload: unknown;
}

type Doc = { paths?: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>> };

export function recordResponses(app: FastifyInstance) {
  const seen: Seen[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (url?.startsWith('/api/') && !(request.routeOptions.schema as { hide?: boolean } | undefined)?.hide) {
      seen.push({
        method: request.method,
        url,
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        // A route may send bytes it compressed itself (a cached board).
        payload: decoded(payload, reply.getHeader('content-encoding')),
      });
    }
    return payload;
  });
  return () => undocumented(app.swagger() as Doc, seen);
}

function decoded(payload: unknown, encoding: unknown): unknown {
  if (!Buffer.isBuffer(payload)) return payload;
  if (encoding === 'br') return brotliDecompressSync(payload).toString();
  if (encoding === 'gzip') return gunzipSync(payload).toString();
  return payload;
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const compiled = new WeakMap<object, ValidateFunction>();

function undocumented(doc: Doc, seen: Seen[]): string[] {
  const problems = new Set<string>();
  for (const s of seen) {
    if (s.method === 'HEAD') continue;
    const where = `${s.method} ${s.url} -> ${s.status}`;
    const op = doc.paths?.[openApiPath(s.url)]?.[s.method.toLowerCase()];
    if (!op) {
      problems.add(`${where}: the route is not in the OpenAPI document`);
      continue;
    }
    const response = op.responses?.[String(s.status)] ?? op.responses?.default;
    if (!response) {
      problems.add(`${where}: status not documented`);
      continue;
    }
    if (!s.contentType.includes('json') || s.status === 204) continue;
    const schema = response.content?.['application/json']?.schema;
    if (!schema) continue;
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(typeof s.payload === 'string' ? s.payload : String(s.payload));
    } catch {
      problems.add(`${where}: body is not JSON`);
      continue;
    }
    if (!validate(body)) problems.add(`${where}: body does not match the documented schema: ${ajv.errorsText(validate.errors)}`);
  }
  return [...problems];
}
