// Runs autocannon in its own process (so the load generator never shares the measured server's
// event loop). Usage: node bench/lib/load.mjs '<json options>'; prints one JSON line:
// { rps, p50, p99, non2xx, errors, total, ms }. Options: url, connections, seconds (or amount: that
// many requests, then stop), method, body, cookies (rotated over requests), uniqueKey (a fresh
// Idempotency-Key UUID per request), headers (sent with every request).
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';

const o = JSON.parse(process.argv[2]);
const cookies = o.cookies ?? [];
let n = 0;
const result = await autocannon({
  url: o.url,
  connections: o.connections ?? 50,
  duration: o.seconds ?? 5,
  ...(o.amount ? { amount: o.amount } : {}),
  method: o.method ?? 'GET',
  body: o.body,
  headers: { ...(o.headers ?? {}), ...(o.body ? { 'content-type': 'application/json' } : {}) },
  requests: [
    {
      setupRequest(req) {
        const headers = { ...req.headers };
        if (cookies.length > 0) headers.cookie = cookies[n++ % cookies.length];
        if (o.uniqueKey) headers['idempotency-key'] = randomUUID();
        return { ...req, headers };
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
    ms: new Date(result.finish).getTime() - new Date(result.start).getTime(),
  }) + '\n',
);
