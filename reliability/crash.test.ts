import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { allWorkoutIds, newKey, register, save, sleep, type Member } from './helpers/api';
import { createCluster, type Cluster } from './helpers/pg-cluster';
import { startServer, stopServer, waitReady, type Server } from './helpers/server';

// SIGKILL at a random moment 1-4 s into a run of saves, 10 times per database: every acknowledged
// save is there exactly once, and a save retried with its key gets the first answer.
const CYCLES = 10;
const CLIENTS = 4;

interface Ack {
  member: Member;
  id: number;
  pushups: number;
  createdAt: string;
}

async function crashCycles(env: Record<string, string>) {
  let server: Server | undefined;
  const acked = new Map<string, Ack>();
  const pending = new Map<string, { member: Member; pushups: number }>();
  const members: Member[] = [];
  let killedWithRequestsInFlight = 0;
  try {
    for (let cycle = 0; cycle <= CYCLES; cycle++) {
      server = await startServer(env);
      await waitReady(server);
      const base = server.base;
      if (cycle === 0)
        for (let i = 0; i < CLIENTS; i++) members.push(await register(base, `crash${i}`));

      // Saves whose answer was lost in the crash: retried with their key, they land once.
      for (const [key, p] of pending) {
        const r = await save(base, p.member, key, p.pushups);
        expect(r.status).toBe(201);
        const body = r.body as Ack;
        acked.set(key, {
          member: p.member,
          id: body.id,
          pushups: p.pushups,
          createdAt: body.createdAt,
        });
        pending.delete(key);
      }
      // Acknowledged saves retried with their key get the first answer (a sample per cycle).
      for (const [key, a] of [...acked].slice(-40)) {
        const r = await save(base, a.member, key, a.pushups);
        expect(r.status).toBe(201);
        expect(r.body).toMatchObject({ id: a.id, pushups: a.pushups, createdAt: a.createdAt });
      }
      if (cycle === CYCLES) {
        // Exactly once: each member's workouts are exactly the acknowledged ones.
        for (const m of members) {
          const ids = (await allWorkoutIds(base, m)).sort((x, y) => x - y);
          const mine = [...acked.values()]
            .filter((a) => a.member === m)
            .map((a) => a.id)
            .sort((x, y) => x - y);
          expect(ids).toEqual(mine);
        }
        await stopServer(server);
        return { saves: acked.size, killedWithRequestsInFlight };
      }

      let stopped = false;
      let inFlight = 0;
      const loops = members.map(async (member, i) => {
        for (let n = 0; !stopped; n++) {
          const key = newKey();
          const pushups = 1 + ((cycle * 31 + n * 7 + i) % 300);
          pending.set(key, { member, pushups });
          inFlight++;
          try {
            const r = await save(base, member, key, pushups);
            if (r.status === 201) {
              const body = r.body as Ack;
              acked.set(key, { member, id: body.id, pushups, createdAt: body.createdAt });
              pending.delete(key);
            }
          } catch {
            stopped = true; // the server is gone; the key stays pending
          } finally {
            inFlight--;
          }
        }
      });
      await sleep(1_000 + Math.random() * 3_000);
      if (inFlight > 0) killedWithRequestsInFlight++;
      server.kill('SIGKILL');
      await server.exited;
      stopped = true;
      await Promise.all(loops);
    }
  } finally {
    if (server) await stopServer(server, 'SIGKILL');
  }
  throw new Error('unreachable');
}

describe('SIGKILL crash cycles', () => {
  const dirs: string[] = [];
  let cluster: Cluster | undefined;
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    cluster?.destroy();
  });

  it(`PGlite: ${CYCLES} kills, every acknowledged save exactly once, retries get the first answer`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-crash-'));
    dirs.push(dataDir);
    const r = await crashCycles({ DATA_DIR: dataDir });
    console.log(
      `crash PGlite: ${CYCLES} SIGKILLs (${r.killedWithRequestsInFlight} with saves in flight), ${r.saves} saves, none lost or doubled`,
    );
    expect(r.killedWithRequestsInFlight).toBeGreaterThan(CYCLES / 2);
  }, 300_000);

  it(`PostgreSQL: ${CYCLES} kills, every acknowledged save exactly once, retries get the first answer`, async () => {
    cluster = await createCluster();
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('create database fitbench');
    await admin.end();
    const r = await crashCycles({ DATABASE_URL: cluster.url('fitbench') });
    console.log(
      `crash PostgreSQL: ${CYCLES} SIGKILLs (${r.killedWithRequestsInFlight} with saves in flight), ${r.saves} saves, none lost or doubled`,
    );
    expect(r.killedWithRequestsInFlight).toBeGreaterThan(CYCLES / 2);
  }, 300_000);
});
