// The production build, in two halves that can be rebuilt apart:
//   client: `vite build` into dist/client (hashed assets, each also written as .br and .gz);
//   server: server/src/index.ts bundled by esbuild into dist/server/index.js (our code and common/
//           in one file, packages left to node_modules), with the migrations copied beside it and
//           dist/server/pgdata-template, the migrated folder a new PGlite data folder starts as.
// `node scripts/build.mjs` builds both; `--if-stale` rebuilds only a half whose sources are newer
// than its output (npm start, the e2e server); `--only=client|server` limits it to one half. Design: docs/decisions/0059-compiled-start.md
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);

/** What each half is built from, and the file whose time says when it was last built. */
export const halves = {
  client: {
    output: 'dist/client/.vite/manifest.json',
    sources: [
      'client',
      'common',
      'vite.config.ts',
      'tsconfig.json',
      'package.json',
      'package-lock.json',
      'scripts/build.mjs',
      'scripts/vite-precompress.ts',
      'scripts/vite-route-preloads.ts',
      'scripts/vite-landing-groups.ts',
      'scripts/vite-catalogue-chunks.ts',
      'scripts/vite-lucide-icon.ts',
      'lingui.config.ts',
    ],
  },
  server: {
    output: 'dist/server/index.js',
    sources: [
      'server/src',
      'common',
      'tsconfig.json',
      'package.json',
      'package-lock.json',
      'scripts/build.mjs',
    ],
  },
};

/** Newest modification time under the given paths (files and folders; missing ones skipped). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules') visit(path.join(p, name));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of paths) visit(at(p));
  return newest;
}

export function isStale(half) {
  const { output, sources } = halves[half];
  let built;
  try {
    built = fs.statSync(at(output)).mtimeMs;
  } catch {
    return true;
  }
  return newestMtime(sources) > built;
}

export function buildClient() {
  // Always a production build: the e2e server runs with NODE_ENV=test, which would give Vite
  // React's development build.
  const r = spawnSync(
    process.execPath,
    [at('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (r.status !== 0) throw new Error('client build (vite) failed');
}

export async function buildServer() {
  const esbuild = await import('esbuild');
  const outdir = at('dist/server');
  // Built aside and swapped in, so a server starting meanwhile never sees half a build.
  const tmp = at(`dist/.server-${process.pid}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['server/src/index.ts'],
    outfile: path.join(tmp, 'index.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages stay in node_modules: PGlite finds its wasm next to its own files, argon2 its binary.
    packages: 'external',
    // @common/* comes from tsconfig's paths; esbuild reads them.
    tsconfig: 'tsconfig.json',
    sourcemap: true,
    logLevel: 'warning',
  });
  // db/client.ts finds its migrations at new URL('./migrations', import.meta.url), and
  // db/sql-sources.ts its SQL files at new URL('./sql', ...): beside the bundle.
  fs.cpSync(at('server/src/db/migrations'), path.join(tmp, 'migrations'), { recursive: true });
  fs.cpSync(at('server/src/db/sql'), path.join(tmp, 'sql'), { recursive: true });
  // lib/i18n.ts reads its message catalogues at new URL('./locales/{common,server}/', ...).
  fs.cpSync(at('common/locales'), path.join(tmp, 'locales/common'), { recursive: true });
  fs.cpSync(at('server/src/locales'), path.join(tmp, 'locales/server'), { recursive: true });
  // lib/card-renderer.ts starts its render threads from new URL('./card-render-worker.mjs', import.meta.url).
  fs.copyFileSync(
    at('server/src/lib/card-render-worker.mjs'),
    path.join(tmp, 'card-render-worker.mjs'),
  );
  // lib/face-tracker.ts starts the recount's face detection thread the same way.
  fs.copyFileSync(
    at('server/src/lib/face-track-worker.mjs'),
    path.join(tmp, 'face-track-worker.mjs'),
  );
  // The folder a new PGlite data folder starts as (server/src/db/client.ts, copyDataTemplate):
  // initdb and the migrations run here once, not in the server's first start, whose process would
  // keep initdb's memory (docs/decisions/0132-start-and-pages-as-shipped.md). Made by a script
  // bundled beside the server (it finds the migrations as the server does), then removed.
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['server/src/cli/data-template.ts'],
    outfile: path.join(tmp, 'data-template.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    logLevel: 'warning',
  });
  const made = spawnSync(
    process.execPath,
    [path.join(tmp, 'data-template.js'), path.join(tmp, 'pgdata-template')],
    { cwd: root, stdio: 'inherit' },
  );
  fs.rmSync(path.join(tmp, 'data-template.js'));
  if (made.status !== 0) throw new Error('data folder template failed');
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.renameSync(tmp, outdir);
}

/** Builds what is missing or older than its sources (both halves with force). */
export async function build({ force = false, only, log = console.log } = {}) {
  if (only !== 'server' && (force || isStale('client'))) {
    log(
      force
        ? 'Building the client...'
        : 'Client build missing or older than its sources: building...',
    );
    buildClient();
  }
  if (only !== 'client' && (force || isStale('server'))) {
    if (!force) log('Server build missing or older than its sources: building...');
    await buildServer();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  await build({ force: !process.argv.includes('--if-stale'), only });
}
