// Wrong-password logins with autocannon, in its own process (the load generator never shares the
// event loop of the server or of the health probe). Usage:
// node bench/lib/login-flood-load.mjs '{"url":..., "connections":200, "seconds":5}'
// Each request is a new username, so the per-username delay never answers for the server.
// Prints one JSON line: { requests, statuses: { "401": n, ... }, errors }.
import autocannon from 'autocannon';

const o = JSON.parse(process.argv[2]);
let n = 0;
const result = await autocannon({
  url: o.url,
  connections: o.connections ?? 200,
  duration: o.seconds ?? 5,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  requests: [
    {
      setupRequest(req) {
        n += 1;
        return {
          ...req,
          body: JSON.stringify({ username: `flood${n % 5000}`, password: `wrong-guess-${n}` }),
        };
      },
    },
  ],
});
const statuses = {};
for (const [code, v] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = v.count;
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    statuses,
    errors: result.errors + result.timeouts,
  }) + '\n',
);
