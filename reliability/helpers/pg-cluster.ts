import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A throwaway PostgreSQL cluster the test owns: initdb in a temp folder, on a free port, so it
// can be stopped and started at will. initdb refuses to run as root, so as root the cluster
// belongs to the user `pg` (created when missing).

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const dir = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

function runAsOwner(args: string[]) {
  const [cmd, ...rest] = args;
  const quoted = [cmd, ...rest].map((a) => `'${a!.replace(/'/g, `'\\''`)}'`).join(' ');
  const res = isRoot()
    ? spawnSync('su', ['pg', '-s', '/bin/sh', '-c', quoted], { encoding: 'utf8' })
    : spawnSync(cmd!, rest, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${args.join(' ')} failed: ${res.stderr || res.stdout}`);
  return res.stdout;
}

export interface Cluster {
  port: number;
  dir: string;
  /** postgres://postgres@127.0.0.1:port/<db> */
  url: (db?: string) => string;
  start: () => void;
  /** `pg_ctl stop -m immediate`: the server dies at once, as in a crash or failover. */
  stopImmediate: () => void;
  destroy: () => void;
}

export async function createCluster(): Promise<Cluster> {
  const bin = binDir();
  if (isRoot() && spawnSync('id', ['pg']).status !== 0) execFileSync('useradd', ['-m', 'pg']);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-pg-'));
  if (isRoot()) execFileSync('chown', ['pg', dir]);
  const port = await freePort();
  const data = path.join(dir, 'data');
  runAsOwner([
    path.join(bin, 'initdb'),
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const ctl = (...a: string[]) => runAsOwner([path.join(bin, 'pg_ctl'), '-D', data, ...a]);
  const cluster: Cluster = {
    port,
    dir,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start: () =>
      void ctl(
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
        '-l',
        path.join(dir, 'log'),
        '-w',
        'start',
      ),
    stopImmediate: () => void ctl('-m', 'immediate', 'stop'),
    destroy: () => {
      try {
        ctl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
