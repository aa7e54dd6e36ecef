import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createUser, createWorkout } from '../test/factories';
import { PNG_BASE64 } from '../test/test-images';

const t = useTestApp();

describe('JSON compression', () => {
  it('compresses a response over 1 KB for a client that accepts it, and only then', async () => {
    for (let i = 0; i < 30; i++) {
      const u = await createUser(t.app);
      await createWorkout(t.app, u.id, { pushups: 10 + i });
    }
    const url = '/api/leaderboard/all_time';
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends small responses as they are', async () => {
    const res = await t.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the profile and picture routes in the /api scope like the rest: a large profile answer is compressed, a picture is not', async () => {
    const u = await createUser(t.app);
    // A long picture link makes the answer (the member's own view) larger than 1 KB.
    const link = `https://pictures.example.org/${'a'.repeat(1100)}.png`;
    const headers = { ...u.headers, 'content-type': 'application/json', 'accept-encoding': 'gzip' };
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers,
      payload: JSON.stringify({ profilePicture: link }),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(profile.rawPayload).toString()).profilePicture).toBe(link);

    const upload = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers,
      payload: JSON.stringify({ profilePicture: `data:image/png;base64,${PNG_BASE64}` }),
    });
    expect(upload.statusCode).toBe(200);
    // A short answer again: sent as it is.
    expect(upload.headers['content-encoding']).toBeUndefined();
    const picture = upload.json().profilePicture as string;
    const avatar = await t.app.inject({ url: picture, headers: { 'accept-encoding': 'gzip, br' } });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toMatch(/^image\//);
    expect(avatar.headers['content-encoding']).toBeUndefined();
  });
});
