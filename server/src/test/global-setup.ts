import { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePgliteClient, openPostgres } from '../db/client';
import { env } from '../env';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
  }
}

// Build one migrated database per run; each test file then starts from a copy of it.
// The project's `env` is not applied to global setup, so each project names its own kind.
export async function setupPostgres(project: TestProject) {
  {
    const url = env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    const name = `fitbench_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const tpl = await openPostgres(u.toString(), { max: 1 });
    await tpl.close();
    project.provide('pgTemplateDb', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
}

export async function setupPglite(project: TestProject) {
  const client = await PGlite.create();
  await migratePgliteClient(client);
  const blob = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(os.tmpdir(), `fitbench-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplateDb', '');
  return () => fs.rmSync(file, { force: true });
}
