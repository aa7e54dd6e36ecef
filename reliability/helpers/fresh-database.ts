import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createCluster, type Cluster } from './pg-cluster';

// A database of its own for one test file: created on the PostgreSQL server at 127.0.0.1:5432
// (the one the API tests use) and dropped afterwards. Where that server does not answer, a
// throwaway cluster (helpers/pg-cluster.ts) stands in, so the proof still runs.

export const SHARED_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface FreshDatabase {
  url: string;
  /** Where it lives: the shared server, or a cluster created for the run. */
  where: string;
  drop: () => Promise<void>;
}

async function answers(url: string) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  c.on('error', () => undefined);
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function admin(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => undefined);
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end().catch(() => undefined);
  }
}

export async function freshDatabase(prefix: string): Promise<FreshDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let cluster: Cluster | undefined;
  let adminUrl = SHARED_SERVER;
  if (!(await answers(SHARED_SERVER))) {
    cluster = await createCluster();
    adminUrl = cluster.url();
  }
  await admin(adminUrl, `create database ${name}`);
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    where: cluster ? `a throwaway cluster on port ${cluster.port}` : '127.0.0.1:5432',
    drop: async () => {
      if (cluster) return cluster.destroy();
      await admin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
