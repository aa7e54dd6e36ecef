import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, type Db } from './database';
import { describeError, isDatabaseUnavailable, sqlState } from './errors';
import { rowsOf } from './rows';

// The database, split by job: ./database.ts (the types), ./pglite.ts, ./postgres.ts, ./errors.ts
// (what an error means, one SQLSTATE helper), ./rows.ts (raw rows). This file keeps readiness and
// names them all for the code that imports from here.
export { migrationsFolder, type Database, type Db } from './database';
export { isDatabaseUnavailable, isUniqueViolation, sqlState } from './errors';
export {
  copyDataTemplate,
  migratePgliteClient,
  openPglite,
  startPglite,
  OwnerOnlyNodeFS,
  pgliteRunner,
  takingTurns,
} from './pglite';
export {
  migratePostgres,
  openPostgres,
  startPostgres,
  PG_TIMEOUTS,
  pgRunner,
  type OpenPostgresOptions,
} from './postgres';
export { preparedRows, rowsOf } from './rows';

// The build's migrations do not change while it runs: read (and hash) their files once, not at
// every readiness probe.
let lastMigration: number | undefined;
function lastMigrationMillis(): number {
  lastMigration ??= readMigrationFiles({ migrationsFolder }).at(-1)?.folderMillis ?? 0;
  return lastMigration;
}

/**
 * Readiness: the database answers and every migration this build ships has been applied.
 * Returns null when ready, else the reason.
 */
export async function notReadyReason(db: Db): Promise<string | null> {
  const last = lastMigrationMillis();
  try {
    const list = await rowsOf<{ latest: number | string | null }>(
      db,
      sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
    );
    const latest = Number(list[0]?.latest ?? 0);
    if (latest < last) return 'Database migrations are not all applied.';
    return null;
  } catch (err) {
    if (isDatabaseUnavailable(err)) return 'The database does not answer.';
    if (sqlState(err) === '42P01') return 'Database migrations are not applied.';
    return `The database check failed: ${describeError(err)}`;
  }
}
