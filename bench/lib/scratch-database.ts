import pg from 'pg';

/**
 * Runs `fn` with the URL of a new database on the server `url` names, dropped afterwards (also when
 * `fn` throws): a bench's PostgreSQL target, beside its PGlite one.
 */
export async function withScratchDatabase<T>(
  url: string,
  prefix: string,
  fn: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  try {
    return await fn(u.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
