import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * SQL kept as readable source files (functions and triggers), applied after the migrations: each
 * file runs whole, in one transaction, when its SHA-256 differs from the one recorded in
 * sql_sources, so an unchanged file costs one query at start. Each file must be safe to run again
 * (it drops what it defines first). See docs/decisions/1200-leaderboard-sql-source.md.
 */
export const SQL_SOURCES = ['leaderboard.sql', 'sessions.sql', 'saves.sql'] as const;

const folder = fileURLToPath(new URL('./sql', import.meta.url));

export interface SqlSource {
  name: string;
  text: string;
  sha256: string;
}

export function readSqlSources(): SqlSource[] {
  return SQL_SOURCES.map((name) => {
    const text = fs.readFileSync(`${folder}/${name}`, 'utf8');
    return { name, text, sha256: createHash('sha256').update(text).digest('hex') };
  });
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
      await tx.script(source.text);
      await tx.query(
        `insert into sql_sources (name, sha256) values ($1, $2)
         on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`,
        [source.name, source.sha256],
      );
    }
  });
  return stale.map((s) => s.name);
}
