import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * SQL kept as readable source files (functions and triggers), applied after the migrations: each
 * file runs whole, in one transaction, when its SHA-256 differs from the one recorded in
 * sql_sources, so an unchanged file costs one query at start. Each file names all its functions
 * with its prefix; before the file runs, every function with that prefix is dropped (with its
 * triggers), so a file may rename or remove a function: what is not in it is not there. Each file
 * must be safe to run again. See docs/decisions/0057-leaderboard-sql-source.md.
 */
export const SQL_SOURCES = [
  { name: 'leaderboard.sql', prefix: 'lb_' },
  { name: 'sessions.sql', prefix: 'auth_' },
  { name: 'saves.sql', prefix: 'save_' },
  { name: 'badges.sql', prefix: 'badge_' },
  { name: 'standing.sql', prefix: 'st_' },
  { name: 'notifications.sql', prefix: 'ntf_' },
  { name: 'top10.sql', prefix: 't10_' },
  { name: 'notification-jobs.sql', prefix: 'nfo_' },
] as const;

const folder = fileURLToPath(new URL('./sql', import.meta.url));

export interface SqlSource {
  name: string;
  text: string;
  sha256: string;
  /** The prefix of the file's functions, all dropped before it runs. */
  prefix?: string;
}

export function readSqlSources(): SqlSource[] {
  return SQL_SOURCES.map(({ name, prefix }) => {
    const text = fs.readFileSync(`${folder}/${name}`, 'utf8');
    return { name, prefix, text, sha256: createHash('sha256').update(text).digest('hex') };
  });
}

/** Drops every function of the current schema whose name starts with `prefix` (a code constant). */
function cleanSlate(prefix: string): string {
  if (!/^[a-z][a-z0-9]*_$/.test(prefix)) throw new Error(`not a function prefix: ${prefix}`);
  return `DO $$
DECLARE
  f regprocedure;
BEGIN
  FOR f IN
    SELECT p.oid::regprocedure FROM pg_proc p
    WHERE p.pronamespace = current_schema()::regnamespace AND p.proname LIKE '${prefix.slice(0, -1)}\\_%'
  LOOP
    EXECUTE format('DROP FUNCTION IF EXISTS %s CASCADE', f);
  END LOOP;
END $$;
`;
}

/** The little each driver must offer: a parameterised query, and a multi-statement script. */
export interface SqlRunner {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  script(text: string): Promise<void>;
  transaction(fn: (tx: SqlRunner) => Promise<void>): Promise<void>;
}

/**
 * Applies the files whose text changed. On PostgreSQL the caller holds the migration advisory
 * lock, so instances starting together apply a file once.
 */
export async function applySqlSources(runner: SqlRunner, sources = readSqlSources()) {
  const { rows } = await runner.query<{ name: string; sha256: string }>(
    'select name, sha256 from sql_sources',
  );
  const applied = new Map(rows.map((r) => [r.name, r.sha256]));
  const stale = sources.filter((s) => applied.get(s.name) !== s.sha256);
  if (stale.length === 0) return [];
  await runner.transaction(async (tx) => {
    for (const source of stale) {
      await tx.script(source.prefix ? `${cleanSlate(source.prefix)}${source.text}` : source.text);
      await tx.query(
        `insert into sql_sources (name, sha256) values ($1, $2)
         on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`,
        [source.name, source.sha256],
      );
    }
  });
  return stale.map((s) => s.name);
}
