// Starts the app for Playwright on a fresh data folder (removed on exit).
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], { stdio: 'inherit', env: process.env });
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
