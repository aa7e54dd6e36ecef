import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { migrationsFolder, type Db } from './database';
import * as schema from './schema';
import { applySqlSources, type SqlRunner } from './sql-sources';

// The embedded database (PGlite): opening a data folder with owner-only files, migrating, and
// taking turns on its one connection.

type PgliteTx = Parameters<Parameters<PGlite['transaction']>[0]>[0];

export function pgliteRunner(client: PGlite | PgliteTx): SqlRunner {
  return {
    query: (text, params) => client.query(text, params),
    script: async (text) => {
      await client.exec(text);
    },
    transaction: async (fn) => {
      if (!('transaction' in client)) throw new Error('already in a transaction');
      await client.transaction((tx) => fn(pgliteRunner(tx)));
    },
  };
}

/** Migrations, then the SQL source files (server/src/db/sql-sources.ts). */
export async function migratePgliteClient(client: PGlite) {
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  await applySqlSources(pgliteRunner(client));
}

/**
 * A new data folder starts as a copy of `template`, a folder the build made with PGlite and the
 * migrations (scripts/build.mjs): PGlite's own first start runs initdb in a second WebAssembly
 * instance whose memory the process never gets back, and takes seconds; an existing folder opens
 * in far less memory (measured by npm run bench, see docs/benchmarks.md). Copied aside and renamed, so a stop mid-copy leaves
 * no half folder; everything for the owner only (docs/decisions/0079-data-dir-modes.md).
 * Nothing happens when `dataDir` exists or the template does not (a development run: PGlite
 * makes the folder itself). docs/decisions/0132-start-and-pages-as-shipped.md
 */
export function copyDataTemplate(template: string, dataDir: string): boolean {
  if (fs.existsSync(dataDir) || !fs.existsSync(path.join(template, 'PG_VERSION'))) return false;
  // A copy a stopped start left aside (the data folder's lock is held: no other start is copying).
  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true, mode: 0o700 });
  const stale = `${path.basename(dataDir)}.new-`;
  for (const name of fs.readdirSync(parent)) {
    if (name.startsWith(stale))
      fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  const aside = `${dataDir}.new-${process.pid}`;
  fs.cpSync(template, aside, { recursive: true });
  const ownerOnly = (at: string) => {
    const st = fs.statSync(at);
    fs.chmodSync(at, st.isDirectory() ? 0o700 : 0o600);
    if (st.isDirectory()) for (const name of fs.readdirSync(at)) ownerOnly(path.join(at, name));
  };
  ownerOnly(aside);
  fs.renameSync(aside, dataDir);
  return true;
}

/**
 * PGlite's shared buffers default to 128 MB, all of it in this process's WebAssembly memory:
 * 32 MB keeps an opened data folder's RSS lower (the files themselves stay in the OS page cache;
 * measured by npm run bench, see docs/benchmarks.md). docs/decisions/0072-start-and-memory.md
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB'];

/** Permission bits PGlite's files never get: group and others (docs/decisions/0079-data-dir-modes.md). */
const NOT_OWNER = 0o077;

/**
 * PGlite's file system on a folder, with every file and folder for the owner only. Its
 * Emscripten layer sets each new file's mode itself (chmod to 0666, which the process umask does
 * not narrow), so the mode it sets loses its group and other bits here; folders are created
 * through mkdir, which the umask does narrow. docs/decisions/0079-data-dir-modes.md
 */
type PostgresMod = Parameters<NodeFS['init']>[1];
type SetAttr = (
  file: unknown,
  node: unknown,
  attr: { mode?: number },
  ...rest: unknown[]
) => unknown;

export class OwnerOnlyNodeFS extends NodeFS {
  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    super(dataDir);
  }

  override async init(pg: PGlite, opts: Partial<PostgresMod>) {
    const result = await super.init(pg, opts);
    const ownerOnly = (mod: Partial<PostgresMod>) => {
      const nodefs = mod.NODEFS as unknown as { doSetAttr?: SetAttr };
      const setAttr = nodefs.doSetAttr;
      if (typeof setAttr !== 'function')
        throw new Error('PGlite changed: NODEFS.doSetAttr is gone (server/src/db/client.ts)');
      nodefs.doSetAttr = function (this: unknown, file, node, attr, ...rest) {
        const narrowed = attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~NOT_OWNER };
        return setAttr.call(this, file, node, narrowed, ...rest);
      };
    };
    const emscriptenOpts = result.emscriptenOpts;
    return {
      emscriptenOpts: { ...emscriptenOpts, preRun: [ownerOnly, ...(emscriptenOpts.preRun ?? [])] },
    };
  }
}

/**
 * Opens a PGlite database and migrates it, without waiting: `ready` settles once both are done,
 * and the app's statements (through `db`) wait for it. The server builds the app meanwhile, on
 * the main thread's turns PGlite leaves while its WebAssembly compiles and instantiates
 * (docs/decisions/0192-build-the-app-while-pglite-opens.md).
 */
export function startPglite(
  options: { dataDir?: string; loadDataDir?: Blob; template?: string } = {},
) {
  if (options.dataDir && options.template) copyDataTemplate(options.template, options.dataDir);
  const client = new PGlite({
    dataDir: options.dataDir,
    ...(options.dataDir ? { fs: new OwnerOnlyNodeFS(options.dataDir) } : {}),
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  const ready = client.waitReady.then(() => migratePgliteClient(client));
  // Whoever opened it awaits `ready`; this only keeps a failure from counting as unhandled first.
  ready.catch(() => undefined);
  const db = drizzlePglite(takingTurns(client, ready) as PGlite, { schema }) as unknown as Db;
  return { db, kind: 'pglite' as const, pglite: client, ready, close: () => client.close() };
}

export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; template?: string } = {},
) {
  const database = startPglite(options);
  await database.ready;
  return database;
}

/** How long the app's PGlite statements may run back to back before the event loop gets a turn. */
const PGLITE_SLICE_MS = 5;

/**
 * PGlite runs each statement on this thread, and its own queue hands over from one statement to
 * the next without the event loop turning: 200 requests that each queue a few statements held
 * every other request (even GET /api/health, which reads nothing) for seconds, until all of them
 * ran. The app's statements (and transactions, whole) therefore go one at a time through this
 * queue, which lets the event loop turn (setImmediate) once they have run PGLITE_SLICE_MS back
 * to back, so requests that need no database are answered in between.
 * docs/decisions/0032-argon2-queue.md
 */
export function takingTurns(
  client: PGlite,
  /** Statements wait for it (the database opened and migrated), and fail if it fails. */
  ready?: Promise<unknown>,
): Pick<PGlite, 'query' | 'transaction'> {
  let last: Promise<unknown> = Promise.resolve();
  let sliceStart = performance.now();
  const turn = () => {
    if (performance.now() - sliceStart < PGLITE_SLICE_MS) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        sliceStart = performance.now();
        resolve();
      }),
    );
  };
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const mine = (ready ? last.then(() => ready) : last).then(turn).then(run);
    last = mine.catch(() => undefined);
    return mine;
  };
  return {
    query: ((...args: Parameters<PGlite['query']>) =>
      inTurn(() => client.query(...args))) as PGlite['query'],
    transaction: ((run: Parameters<PGlite['transaction']>[0]) =>
      inTurn(() => client.transaction(run))) as PGlite['transaction'],
  };
}
