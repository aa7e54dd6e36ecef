import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvent } from '@common/schemas/notifications';
import { register, type Member } from './helpers/api';
import { nginxBinary, startNginx, type Nginx } from './helpers/nginx';
import { openStream, type SseEvent } from './helpers/sse';
import { startServer, stopServer, waitReady, type Server } from './helpers/server';

// The notification stream (docs/decisions/0255-the-notification-stream.md) behind the nginx of
// deploy/nginx/: each notification must reach an open EventSource through the proxy while the
// stream is open (a buffering proxy would hold it until the stream ends), and a reconnect with
// Last-Event-ID must resume without a loss or a repeat. No latency bound: the proof is that the
// event came on a stream still open, and then a second one on the same stream.

const data = (e: SseEvent) => e.data as StreamEvent;
const isNotification = (e: SseEvent) => e.event === 'notification';

describe.skipIf(!nginxBinary())('the notification stream behind nginx', () => {
  let server: Server;
  let nginx: Nginx;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-sse-'));
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1' });
    await waitReady(server);
    nginx = await startNginx(server.port);
  }, 170_000);
  afterAll(async () => {
    await nginx?.stop();
    if (server) await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const follow = async (who: Member, whom: Member) => {
    const res = await fetch(`${server.base}/api/following/${whom.username}`, {
      method: 'PUT',
      headers: { cookie: who.cookie },
    });
    expect(res.status, await res.text()).toBe(204);
  };

  it('delivers each notification on the open stream, and a reconnect resumes exactly', async () => {
    const tag = Date.now().toString(36);
    const b = await register(server.base, `sseb${tag}`);
    const followers = [];
    for (let i = 0; i < 4; i++) followers.push(await register(server.base, `ssea${i}${tag}`));

    const first = await openStream(nginx.port, '/api/notifications/stream', b.cookie);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(first.headers['content-encoding']).toBeUndefined();
    await first.until((e) => e.event === 'unread');

    await follow(followers[0]!, b);
    const one = await first.until(isNotification);
    expect(first.isOpen()).toBe(true);
    // A second on the same stream: nothing was held back for the stream's end.
    await follow(followers[1]!, b);
    await first.until((e) => isNotification(e) && data(e).unread === 2);
    expect(first.isOpen()).toBe(true);
    expect(data(one).notification?.actor?.username).toBe(followers[0]!.username);
    const resumeFrom = first.lastEventId();
    first.close();

    // Two made while away: the reconnect (Last-Event-ID, as EventSource sends it) gets both, in
    // order, and neither of the first two again.
    await follow(followers[2]!, b);
    await follow(followers[3]!, b);
    const again = await openStream(nginx.port, '/api/notifications/stream', b.cookie, resumeFrom);
    expect(again.status).toBe(200);
    await again.until((e) => isNotification(e) && data(e).unread === 4);
    expect(again.isOpen()).toBe(true);
    expect(
      again.events.filter(isNotification).map((e) => data(e).notification?.actor?.username),
    ).toEqual([followers[2]!.username, followers[3]!.username]);
    again.close();
    expect(nginx.errorLog()).not.toMatch(/\[(error|crit|alert|emerg)\]/);
  });
});
