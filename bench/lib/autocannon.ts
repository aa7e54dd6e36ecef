import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Loads `url` with autocannon (50 connections) for `seconds`, in its own process so the load
 * generator does not share the event loop of the server it measures.
 */
export function autocannon(
  url: string,
  seconds: number,
): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/autocannon/autocannon.js'),
        '-c',
        '50',
        '-d',
        String(seconds),
        '-j',
        url,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        const r = JSON.parse(out) as {
          requests: { average: number };
          latency: { p50: number; p99: number };
          non2xx: number;
        };
        resolve({
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          non2xx: r.non2xx,
        });
      } catch {
        reject(new Error(`autocannon exited with ${code}: ${out.slice(0, 200)}`));
      }
    });
  });
}
