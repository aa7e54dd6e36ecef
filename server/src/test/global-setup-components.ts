// Component tests talk to the real API: one app on an in-memory PGlite, listening on a free port of
// 127.0.0.1 for the whole run. The page's location is set to that origin (client/src/test/setup.ts), so the
// client's only fetch (lib/api-client.ts) reaches it exactly as in the browser.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import { catalogueWith } from '@common/challenges';
import { WITH_SIXTH } from '@common/testing/sixth-challenge';
import { buildApp } from '../app';
import { migratePgliteClient, takingTurns, type Db } from '../db/client';
import * as schema from '../db/schema';

declare module 'vitest' {
  export interface ProvidedContext {
    apiOrigin: string;
    /** A member granted the moderator role, as `npm run moderator -- grant` does (client/src/test/render.tsx signs in as them). */
    moderator: { username: string; password: string };
    /** A member who joined a day ago: a timed score of minutes may be saved at once (a new one's may not). */
    veteran: { username: string; password: string };
  }
}

const MODERATOR = {
  username: 'ct_moderator',
  email: 'ct_moderator@example.com',
  password: 'correct horse battery',
};
const VETERAN = {
  username: 'ct_veteran',
  email: 'ct_veteran@example.com',
  password: 'correct horse battery',
};

export default async function setup(project: TestProject) {
  const client = await PGlite.create();
  await migratePgliteClient(client);
  const db = drizzle(takingTurns(client) as PGlite, { schema }) as unknown as Db;
  // Each test registers its own members; the throttles have their own API tests.
  const app = await buildApp({
    db,
    config: {
      // Every challenge open, as CHALLENGES with all five ids would, and the tests' sixth
      // (common/testing/sixth-challenge.ts): the forms of each challenge save against it (push-ups
      // stay every request's default).
      challenges: catalogueWith(
        WITH_SIXTH.map((c) => c.id),
        WITH_SIXTH,
      ),
      registerMax: 100_000,
      loginMaxFailures: 100_000,
      loginIpMaxFailures: 100_000,
      saveMax: 100_000,
      argon2Cost: { memoryCost: 1024, timeCost: 1 },
    },
  });
  const registered = await app.inject({ method: 'POST', url: '/api/register', payload: MODERATOR });
  if (registered.statusCode !== 201)
    throw new Error(`moderator: register answered ${registered.statusCode}`);
  await db.execute(sql`update users set role = 'moderator' where username = ${MODERATOR.username}`);
  const veteran = await app.inject({ method: 'POST', url: '/api/register', payload: VETERAN });
  if (veteran.statusCode !== 201)
    throw new Error(`veteran: register answered ${veteran.statusCode}`);
  await db.execute(
    sql`update users set created_at = now() - interval '1 day' where username = ${VETERAN.username}`,
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('apiOrigin', address);
  project.provide('moderator', { username: MODERATOR.username, password: MODERATOR.password });
  project.provide('veteran', { username: VETERAN.username, password: VETERAN.password });
  return async () => {
    await app.close();
    await client.close();
  };
}
