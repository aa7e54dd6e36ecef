// Foundation figures: JS shipped to `/`, cold start to first answer, and req/s of the 401 path of
// GET /api/user beside a trivial health route in the same run.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../server/src/app';
import { openPglite } from '../server/src/db/client';
import { autocannon } from './lib/autocannon';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/client');

function buildClient() {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}

/** JS the browser loads for `/`: the entry and its static imports (lazy routes excluded). */
function jsLoadedOnRoot() {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean }
  >;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of manifest[key]!.imports ?? []) walk(i);
  };
  walk(entry);
  let raw = 0;
  let gz = 0;
  for (const key of seen) {
    const buf = fs.readFileSync(path.join(dist, manifest[key]!.file));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files: seen.size, raw, gz };
}

async function coldStart(dataDir: string): Promise<number> {
  const port = 5300 + Math.floor(Math.random() * 500);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not up yet
      }
      if (performance.now() - started > 60_000) throw new Error('server did not start in 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function runFoundationBench() {
  console.log('== Foundation ==');
  buildClient();
  const js = jsLoadedOnRoot();
  console.log(
    `JS loaded on /: ${(js.gz / 1024).toFixed(1)} KB gzip (${(js.raw / 1024).toFixed(1)} KB raw, ${js.files} files; budget 100 KB gzip)`,
  );

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-bench-'));
  try {
    const fresh = await coldStart(dir);
    console.log(`Cold start to first answer, new data folder: ${(fresh / 1000).toFixed(2)} s`);
    const existing = await coldStart(dir);
    console.log(`Cold start to first answer, existing data folder: ${(existing / 1000).toFixed(2)} s`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const database = await openPglite();
  const app = await buildApp({ db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    await autocannon(`http://127.0.0.1:${port}/api/health`, 1); // warm-up
    const health = await autocannon(`http://127.0.0.1:${port}/api/health`, 5);
    const user = await autocannon(`http://127.0.0.1:${port}/api/user`, 5);
    console.log(`GET /api/health: ${Math.round(health.rps)} req/s (p99 ${health.p99} ms)`);
    console.log(
      `GET /api/user (401, no cookie): ${Math.round(user.rps)} req/s (p99 ${user.p99} ms) = ${((user.rps / health.rps) * 100).toFixed(0)}% of health`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}
