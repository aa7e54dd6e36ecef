// Starts the app for Playwright on a fresh data folder (removed on exit): the compiled server, as
// `npm start` runs it, rebuilt first if its sources changed (scripts/build.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

const dataDir = process.env.DATA_DIR;
if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['dist/server/index.js'], {
  stdio: 'inherit',
  env: process.env,
});
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
