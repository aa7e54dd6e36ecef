/* global process, fetch */
// The load of card-flood.test.ts, in a process of its own so the server's event loop (in the test's
// process) carries only the server and the /api/health probe. Argument: JSON
// { base, concurrency, requests: [{ path, address }] }; prints JSON [{ path, address, status, retryAfter }].
const { base, concurrency, requests } = JSON.parse(process.argv[2]);
const results = [];
let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < requests.length) {
      const { path, address } = requests[next++];
      const res = await fetch(`${base}${path}`, { headers: { 'x-forwarded-for': address } });
      await res.arrayBuffer();
      results.push({
        path,
        address,
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
      });
    }
  }),
);
process.stdout.write(JSON.stringify(results));
