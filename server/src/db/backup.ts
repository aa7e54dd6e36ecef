import { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// Backups of the embedded database (docs/decisions/0041-backup-restore.md). With PostgreSQL,
// use pg_dump (docs/deploy.md).

/** The socket in DATA_DIR through which `npm run backup` asks the running server for a backup. */
export const adminSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), 'admin.sock');

/**
 * Writes a consistent copy of the database to `file` (a gzipped tar of the data folder, the
 * format `PGlite.create({ loadDataDir })` reads). PGlite runs one statement at a time and the
 * copy is taken between two, after a checkpoint: committed work is in it; a transaction still
 * open is rolled back when the copy is opened, as after a crash. Written beside, then renamed.
 */
export async function writeBackup(client: PGlite, file: string): Promise<{ bytes: number }> {
  await client.exec('checkpoint');
  const blob = await client.dumpDataDir('gzip');
  const bytes = Buffer.from(await blob.arrayBuffer());
  const tmp = `${file}.partial-${process.pid}`;
  await fs.promises.writeFile(tmp, bytes, { mode: 0o600 });
  await fs.promises.rename(tmp, file);
  return { bytes: bytes.length };
}

export class RestoreRefusedError extends Error {}

/** Restores a backup into `dataDir`, which must be missing or empty (data is never overwritten). */
export async function restoreBackup(file: string, dataDir: string) {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new RestoreRefusedError(
      `${dataDir} is not empty: restore into a new or empty folder (data is never overwritten).`,
    );
  }
  const data = fs.readFileSync(file);
  fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: path.join(dataDir, 'pgdata'),
    loadDataDir: new Blob([data]),
  });
  await client.query('select 1');
  await client.close();
}

/**
 * The running server's side: answers `{"op":"backup","file":...}` lines on a Unix socket in
 * DATA_DIR (mode 0600: only the account that runs the server can use it). Returns a close function.
 */
export function serveBackups(client: PGlite, dataDir: string, log: (m: string) => void) {
  const socketPath = adminSocketPath(dataDir);
  // The DATA_DIR lock is held, so a socket file left here is from a dead process.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((conn) => {
    let buf = '';
    conn.on('error', () => undefined);
    conn.on('data', (chunk) => {
      buf += chunk.toString();
      if (!buf.includes('\n')) return;
      const reply = (body: object) => conn.end(`${JSON.stringify(body)}\n`);
      let file: string;
      try {
        const req = JSON.parse(buf.slice(0, buf.indexOf('\n'))) as { op?: string; file?: string };
        if (req.op !== 'backup' || typeof req.file !== 'string' || !path.isAbsolute(req.file))
          throw new Error('bad request');
        file = req.file;
      } catch {
        return reply({ ok: false, message: 'Expected {"op":"backup","file":"/absolute/path"}.' });
      }
      const t0 = Date.now();
      writeBackup(client, file).then(
        ({ bytes }) => {
          log(`backup written to ${file} (${bytes} bytes, ${Date.now() - t0} ms)`);
          reply({ ok: true, bytes });
        },
        (err: Error) => reply({ ok: false, message: err.message }),
      );
    });
  });
  server.listen(socketPath, () => fs.chmodSync(socketPath, 0o600));
  server.on('error', (err) => log(`backup socket: ${err.message}`));
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/** The CLI's side: asks the server running on `dataDir` for a backup. Rejects if none runs. */
export function requestBackup(
  dataDir: string,
  file: string,
): Promise<{ ok: boolean; bytes?: number; message?: string }> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(adminSocketPath(dataDir));
    let buf = '';
    conn.on('connect', () => conn.write(`${JSON.stringify({ op: 'backup', file })}\n`));
    conn.on('data', (c) => (buf += c.toString()));
    conn.on('end', () => {
      try {
        resolve(JSON.parse(buf));
      } catch {
        reject(new Error('The server closed the connection without an answer.'));
      }
    });
    conn.on('error', reject);
  });
}
