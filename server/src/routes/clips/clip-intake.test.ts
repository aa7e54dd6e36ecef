import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { syntheticTrace } from '@common/testing/synthetic-trace';
import { useTestApp } from '../../test/app';
import { createUser, type MadeUser } from '../../test/factories';
import { testClip } from '../../test/test-clips';

// One reader at once, three uploads per member in the window.
const t = useTestApp({ clipProbeConcurrency: 1, clipProbeQueue: 10, clipUploadMax: 3 });

async function verifiedSet(u: MadeUser): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    headers: u.headers,
    payload: {
      pushups: 6,
      verification: { method: 'camera-face', trace: syntheticTrace({ reps: 6 }) },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const put = (u: MadeUser, id: number, clip: Buffer) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/workouts/${id}/clip`,
    headers: u.headers,
    payload: { webm: clip.toString('base64') },
  });

/** The ffprobe and ffmpeg processes this process has running now, read from /proc. */
function clipReaders(): number {
  let n = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...
      const m = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
      if (m && Number(m[2]) === process.pid && (m[1] === 'ffprobe' || m[1] === 'ffmpeg')) n += 1;
    } catch {
      // The process ended while we looked.
    }
  }
  return n;
}

describe('reading proof clips is bounded', () => {
  it('reads one clip at a time: six uploads at once, never more than one ffprobe or ffmpeg process', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createUser(t.app)));
    const sets = await Promise.all(members.map(verifiedSet));
    const clip = testClip();
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, clipReaders());
    }, 2);
    const answers = await Promise.all(members.map((u, i) => put(u, sets[i]!, clip)));
    clearInterval(watch);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // Real processes, counted from /proc: the watch saw readers, never two at once.
    expect(most).toBe(1);
  });

  it('refuses uploads with 503 and Retry-After while every reader is busy and the queue is full', async () => {
    const members = await Promise.all(Array.from({ length: 3 }, () => createUser(t.app)));
    const sets = await Promise.all(members.map(verifiedSet));
    t.app.clipProbes.configure(1, 1);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // One read running and one waiting: the limiter is full.
    const running = [t.app.clipProbes.run(() => held), t.app.clipProbes.run(async () => undefined)];
    try {
      for (const [i, u] of members.entries()) {
        const busy = await put(u, sets[i]!, testClip());
        expect(busy.statusCode).toBe(503);
        expect(busy.headers['retry-after']).toBe('5');
        expect(busy.json().message).toBe(
          'The server is busy checking other clips. Please try again in a few seconds.',
        );
      }
    } finally {
      release();
      await Promise.all(running);
      t.app.clipProbes.configure(1, 10);
    }
    // Free again: taken, and the refused tries did not count against the member's uploads.
    for (const [i, u] of members.entries())
      expect((await put(u, sets[i]!, testClip())).statusCode).toBe(200);
  });

  it("limits a member's uploads in the window, kept or refused (429 with Retry-After)", async () => {
    const u = await createUser(t.app);
    const id = await verifiedSet(u);
    const bad = Buffer.from('not a video at all');
    for (let i = 0; i < 3; i += 1) expect((await put(u, id, bad)).statusCode).toBe(422);
    const over = await put(u, id, testClip());
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/many clips/);
    // Another member is not held by it.
    const other = await createUser(t.app);
    expect((await put(other, await verifiedSet(other), testClip())).statusCode).toBe(200);
  });
});
