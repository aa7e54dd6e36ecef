// Component tests talk to the real API: one app on an in-memory PGlite, listening on a free port of
// 127.0.0.1 for the whole run. The page's location is set to that origin (client/src/test/setup.ts), so the
// client's only fetch (lib/api-client.ts) reaches it exactly as in the browser.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../app';
import { migratePgliteClient, takingTurns, type Db } from '../db/client';
import * as schema from '../db/schema';

declare module 'vitest' {
  export interface ProvidedContext {
    apiOrigin: string;
  }
}

export default async function setup(project: TestProject) {
  const client = await PGlite.create();
  await migratePgliteClient(client);
  const db = drizzle(takingTurns(client) as PGlite, { schema }) as unknown as Db;
  // Each test registers its own members; the throttles have their own API tests.
  const app = await buildApp({
    db,
    config: { registerMax: 100_000, loginMaxFailures: 100_000, loginIpMaxFailures: 100_000, saveMax: 100_000, argon2Cost: { memoryCost: 1024, timeCost: 1 } },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('apiOrigin', address);
  return async () => {
    await app.close();
    await client.close();
  };
}
