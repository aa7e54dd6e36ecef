import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';
import { sniffImageType } from '@common/schemas/profile';
import { openApiPath } from '../plugins/openapi';

// Every response an API test receives from a described route is checked against the OpenAPI
// document the app serves: its status must be documented for its route, its content type must be
// one the document lists for that status (none when it sends no body), the headers the document
// says are sent must be there, a JSON body must match the documented schema, and an image must be
// the image its type says. So the description cannot drift from what the code sends
// (docs/decisions/0040-openapi.md, docs/decisions/0088-openapi-every-content-type.md).

interface Seen {
  method: string;
  url: string;
  status: number;
  contentType: string;
  headers: Record<string, unknown>;
  payload: unknown;
}

interface DocResponse {
  content?: Record<string, { schema?: object }>;
  headers?: Record<string, { required?: boolean }>;
}
type Doc = { paths?: Record<string, Record<string, { responses?: Record<string, DocResponse> }>> };

export function recordResponses(app: FastifyInstance) {
  const seen: Seen[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    // Answers outside a route (unknown paths, the web app's files) are not in the document.
    const url = request.routeOptions.url;
    if (url && !(request.routeOptions.schema as { hide?: boolean } | undefined)?.hide) {
      seen.push({
        method: request.method,
        url,
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        headers: reply.getHeaders(),
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
  if (encoding === 'br') return brotliDecompressSync(payload);
  if (encoding === 'gzip') return gunzipSync(payload);
  return payload;
}

function bodyBytes(payload: unknown): Buffer | null {
  if (payload === null || payload === undefined) return null;
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === 'string') return Buffer.from(payload);
  // A stream (a file): its bytes are not at hand here, only that there is a body.
  return Buffer.alloc(1);
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const compiled = new WeakMap<object, ValidateFunction>();

/** `type/subtype` of a Content-Type header, lower case, without parameters. */
const mediaType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();
const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/** The document's entry for a media type: exact, else `type/*`, else `*\/*`. */
function documentedMedia(content: Record<string, { schema?: object }>, type: string) {
  const byKey = Object.fromEntries(Object.entries(content).map(([k, v]) => [mediaType(k), v]));
  return byKey[type] ?? byKey[`${type.split('/')[0]}/*`] ?? byKey['*/*'];
}

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
    const response =
      op.responses?.[String(s.status)] ??
      op.responses?.[`${String(s.status)[0]}XX`] ??
      op.responses?.default;
    if (!response) {
      problems.add(`${where}: status not documented`);
      continue;
    }
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (header.required && s.headers[name.toLowerCase()] === undefined)
        problems.add(`${where}: the document says header ${name} is sent, and it is not`);
    }
    const bytes = bodyBytes(s.payload);
    const type = mediaType(s.contentType);
    // No body: nothing to describe. A 204's payload is dropped after onSend (send(null) is "null" here).
    if (!bytes || bytes.length === 0 || s.status === 204 || s.status === 304) continue;
    const content = response.content;
    if (!content) {
      problems.add(`${where}: sends a body (${type || 'no content type'}), the document says none`);
      continue;
    }
    const media = documentedMedia(content, type);
    if (!media) {
      problems.add(
        `${where}: content type ${type || '(none)'} not documented (documented: ${Object.keys(content).join(', ')})`,
      );
      continue;
    }
    if (type.startsWith('image/')) {
      const sniffed = sniffImageType(bytes);
      if (sniffed !== type)
        problems.add(
          `${where}: sent as ${type}, the bytes are ${sniffed ?? 'no image known here'}`,
        );
      continue;
    }
    // Pages and files (text/html, text/csv): the type is the contract.
    if (!isJson(type) || !media.schema) continue;
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      problems.add(`${where}: body is not JSON`);
      continue;
    }
    let validate = compiled.get(media.schema);
    if (!validate) {
      validate = ajv.compile(media.schema);
      compiled.set(media.schema, validate);
    }
    if (!validate(body))
      problems.add(
        `${where}: body does not match the documented schema: ${ajv.errorsText(validate.errors)}`,
      );
  }
  return [...problems];
}
