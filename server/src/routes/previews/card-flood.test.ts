import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users, workouts } from '../../db/schema';
import { CardRenderer } from '../../lib/card-renderer';
import { useTestApp } from '../../test/app';

// A card flood on the real listening server (the attack: with more public members than the card
// cache held, cards asked for in rotation were all drawn on the event loop and /api/health stalled).
// Now: drawn off the event loop, at most CARD_RENDER_MAX new cards per address, a short queue,
// 429/503 beyond (docs/decisions/0081-bounded-share-cards.md).
// The load comes from another process (card-flood-load.mjs); this one runs the server and asks
// /api/health one request after another meanwhile. The tests assert behaviour (renders bounded,
// the rest refused with Retry-After, health answered throughout); health's latencies are printed,
// never bounded: a slow machine's p99 says nothing about the code.
// Every try (a retry included) starts clean: members of its own, so no card an earlier try drew is
// in the cache, addresses of its own, so no budget is spent, and an idle renderer
// (docs/decisions/0263-tests-that-start-clean.md).
const PER_ADDRESS = 5;
const QUEUE = 8;
const renderer = new CardRenderer({ workers: 1, queue: QUEUE });
// Behind a trusted proxy, so the flood can come from many addresses as a real one would.
const t = useTestApp(
  { cardRenderMax: PER_ADDRESS, trustProxy: ['127.0.0.1'] },
  { cardRenderer: renderer },
);
let base = '';
/** Counts the tries of this file (retries too): each one's members and addresses are its own. */
let tries = 0;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

beforeEach(async () => {
  tries += 1;
  // A card an earlier try left queued would be drawn during this one and counted as its render.
  while (renderer.stats.running + renderer.stats.waiting > 0) {
    await new Promise((r) => setTimeout(r, 20));
  }
});

/** `n` public members with a best each, new to this try: none of their cards is drawn yet. */
async function freshMembers(n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    username: `fl${tries}_${i}`,
    email: `fl${tries}_${i}@example.com`,
    passwordHash: 'not-a-login',
  }));
  const made = await t.app.db
    .insert(users)
    .values(rows)
    .returning({ id: users.id, username: users.username });
  await t.app.db
    .insert(workouts)
    .values(made.map((u, i) => ({ userId: u.id, score: 1 + (i % 300) })));
  return made.map((u) => u.username);
}

interface Result {
  path: string;
  address: string;
  status: number;
  retryAfter: string | null;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)]!;

/** /api/health, one request after another, until `until` settles; the latencies sorted. */
async function probeHealth(until: Promise<unknown>) {
  const ms: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    ms.push(performance.now() - t0);
    expect(res.status).toBe(200);
  }
  return ms.sort((a, b) => a - b);
}

/** The requests from the other process, `concurrency` at a time, with /api/health probed meanwhile. */
async function flood(requests: { path: string; address: string }[], concurrency: number) {
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('./card-flood-load.mjs', import.meta.url)),
      JSON.stringify({ base, concurrency, requests }),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const health = await probeHealth(exited);
  expect(await exited).toBe(0);
  return { results: JSON.parse(out) as Result[], health };
}

const healthLine = (health: number[]) =>
  `health ${health.length} samples, p50 ${percentile(health, 0.5).toFixed(1)} ms, ` +
  `p99 ${percentile(health, 0.99).toFixed(1)} ms; load ${os.loadavg()[0]!.toFixed(1)}`;

const count = (rs: Result[], status: number) => rs.filter((r) => r.status === status).length;
const cardOf = (name: string) => `/api/share-cards/${name}.png`;

describe('a share-card flood', () => {
  it('600 different cards from many addresses: health answered throughout, renders bounded, the rest 429/503 with Retry-After', async () => {
    const members = await freshMembers(600);
    const before = renderer.stats.renders;
    // Ten cards from each of 60 addresses, 50 requests in flight.
    const net = `10.${tries}.0.`;
    const requests = members.map((name, i) => ({
      path: cardOf(name),
      address: `${net}${Math.floor(i / 10)}`,
    }));
    const { results, health } = await flood(requests, 50);
    const rendered = renderer.stats.renders - before;
    console.log(
      `card flood: ${count(results, 200)} drawn, ${count(results, 429)} x 429, ${count(results, 503)} x 503; ${healthLine(health)}`,
    );
    expect(results).toHaveLength(members.length);
    expect(results.filter((r) => ![200, 429, 503].includes(r.status))).toEqual([]);
    expect(results.filter((r) => r.status !== 200 && !(Number(r.retryAfter) >= 1))).toEqual([]);
    // Every card is new, so each 200 was one render; a render refused later (a thread too slow on
    // a busy machine) is a 503.
    expect(rendered).toBeGreaterThanOrEqual(count(results, 200));
    expect(rendered).toBeLessThanOrEqual(count(results, 200) + count(results, 503));
    for (let a = 0; a < members.length / 10; a++) {
      const mine = results.filter((r) => r.address === `${net}${a}`);
      expect(count(mine, 200)).toBeLessThanOrEqual(PER_ADDRESS);
    }
    // The queue was full: most of the flood was turned away at once.
    expect(count(results, 503)).toBeGreaterThan(members.length / 2);
    // The server answered health all along the flood.
    expect(health.length).toBeGreaterThanOrEqual(20);
  }, 180_000);

  it('one address asking for card after card gets CARD_RENDER_MAX of them drawn, then 429s, health answered', async () => {
    const members = await freshMembers(100);
    const before = renderer.stats.renders;
    // Two at a time: below the queue, so the address budget is what refuses.
    const requests = members.map((name) => ({
      path: cardOf(name),
      address: `198.51.100.${tries}`,
    }));
    const { results, health } = await flood(requests, 2);
    console.log(
      `one address: ${count(results, 200)} x 200, ${count(results, 429)} x 429; ${healthLine(health)}`,
    );
    expect(results.filter((r) => r.status !== 200 && r.status !== 429)).toEqual([]);
    expect(renderer.stats.renders - before).toBe(PER_ADDRESS);
    expect(count(results, 200)).toBe(PER_ADDRESS);
    expect(count(results, 429)).toBe(members.length - PER_ADDRESS);
    expect(
      results.filter(
        (r) => r.status === 429 && !(Number(r.retryAfter) >= 1 && Number(r.retryAfter) <= 60),
      ),
    ).toEqual([]);
    expect(health.length).toBeGreaterThan(0);
  }, 120_000);

  it('a query string never makes a drawn card new: ?x=random is served without a render', async () => {
    const members = await freshMembers(PER_ADDRESS + 1);
    const drawn = members.slice(0, PER_ADDRESS);
    const address = `203.0.113.${tries}`;
    // The address's whole budget, spent on these cards.
    const first = await flood(
      drawn.map((name) => ({ path: cardOf(name), address })),
      1,
    );
    expect(first.results.map((r) => r.status)).toEqual(drawn.map(() => 200));
    const before = renderer.stats.renders;
    // Any render now would have been a 429.
    const { results } = await flood(
      drawn.map((name) => ({ path: `${cardOf(name)}?x=${Math.random()}&best=1`, address })),
      PER_ADDRESS,
    );
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    const refused = await fetch(`${base}${cardOf(members.at(-1)!)}?x=1`, {
      headers: { 'x-forwarded-for': address },
    });
    expect(refused.status).toBe(429);
    expect(renderer.stats.renders).toBe(before);
  }, 60_000);
});
