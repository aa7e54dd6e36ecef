import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processStat } from './data-dir-lock';

// The watchdog of a stop (hard-stop.ts) in real processes: it kills a process whose main thread
// is stuck for good, and leaves alone a process that ended by itself.
function run(script: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  const t0 = Date.now();
  return new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    ms: number;
    out: string;
  }>((r) => child.once('exit', (code, signal) => r({ code, signal, ms: Date.now() - t0, out })));
}
const armed = `import { armHardStop } from './server/src/lib/hard-stop.ts';`;

describe('armHardStop', () => {
  it('kills a process whose main thread never returns', async () => {
    const r = await run(
      `${armed} armHardStop(1000); const t = Date.now(); while (Date.now() - t < 60_000) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);`,
    );
    expect(r.signal).toBe('SIGKILL');
    expect(r.ms).toBeLessThan(20_000);
  }, 30_000);

  it('does not keep a finished process alive, and its watchdog goes with it', async () => {
    const r = await run(
      `${armed} import { execSync } from 'node:child_process'; armHardStop(3000); await new Promise((r) => setTimeout(r, 300)); console.log(execSync('pgrep -P ' + process.pid + ' -f "process[.]ppid" || true').toString().trim());`,
    );
    expect(r.code).toBe(0);
    const watchdog = Number(r.out.trim());
    expect(watchdog).toBeGreaterThan(0);
    // Its parent is gone: it quits (at most a zombie left for the reaper) instead of killing at 3 s.
    const running = () => {
      const stat = processStat(watchdog);
      return stat !== null && stat.state !== 'Z';
    };
    for (const t0 = Date.now(); running() && Date.now() - t0 < 2_500;)
      await new Promise((res) => setTimeout(res, 50));
    expect(running()).toBe(false);
  }, 30_000);
});
