import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Which requests get an access line: `failed` (the default) those answered 4xx/5xx or slower
 * than `slowMs`, `all` every one, `none` none (errors and auth events are logged either way).
 */
export type RequestLogMode = 'failed' | 'all' | 'none';

export interface AccessLogOptions {
  mode: RequestLogMode;
  /** A request answered later than this is logged whatever its status. */
  slowMs: number;
}

/**
 * What an operator needs to find one failed request, in one compact line written when its answer
 * is sent: request id (`reqId`, the same on the error's own line), method, the route's pattern (not its
 * values: a username in a path stays out of the log, docs/decisions/0033-logs.md), status,
 * time to answer and client address. Fastify's own two lines per request (with headers'
 * details) halved the throughput at the default level; docs/decisions/0130-access-log.md.
 */
export function accessLine(request: FastifyRequest, reply: FastifyReply) {
  const route = request.routeOptions.url;
  // The request id is on every line already: request.log carries it.
  return {
    method: request.method,
    // An unmatched URL (a 404) has no pattern: its path, without the query, cut short.
    ...(route ? { route } : { path: request.url.split('?', 1)[0]!.slice(0, 200) }),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime),
    ip: request.ip,
  };
}

export const accessLog = fp(async (app: FastifyInstance, { mode, slowMs }: AccessLogOptions) => {
  if (mode === 'none') return;
  // A callback, not an async function: the common case (a quick success) costs no promise.
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    if (mode === 'failed' && status < 400 && reply.elapsedTime < slowMs) return done();
    const line = accessLine(request, reply);
    if (status >= 500) request.log.error(line, 'request failed');
    else if (status >= 400) request.log.info(line, 'request refused');
    else if (reply.elapsedTime >= slowMs) request.log.warn(line, 'slow request');
    else request.log.info(line, 'request');
    done();
  });
});
