import type pgModule from 'pg';

export type Pg = typeof pgModule;

let loading: Promise<Pg> | undefined;

/**
 * node-postgres, loaded on first use: a server on PGlite never loads it (with drizzle's
 * node-postgres driver, about 0.14 s imported alone: docs/decisions/0188-board-arguments-and-a-lighter-start.md).
 * node-postgres returns int8/numeric as strings; PGlite returns numbers. Both are made numbers
 * here, before any query, so count(*) and sum() look the same on either driver.
 */
export function loadPg(): Promise<Pg> {
  loading ??= import('pg').then(({ default: pg }) => {
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    return pg;
  });
  return loading;
}

/** Whether a drizzle database's client is a node-postgres pool (PGlite's is not). */
export function isPgPool(client: unknown): client is pgModule.Pool {
  return (
    typeof client === 'object' &&
    client !== null &&
    typeof (client as { totalCount?: unknown }).totalCount === 'number' &&
    typeof (client as { connect?: unknown }).connect === 'function'
  );
}
