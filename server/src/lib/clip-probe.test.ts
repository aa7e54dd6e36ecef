import { describe, expect, it } from 'vitest';
import { testClip } from '../test/test-clips';
import { ClipUnreadableError, probeClip, readClipHeader, remuxClip } from './clip-probe';

describe('probeClip (ffprobe in a child process)', () => {
  it('reads a 90-second 160x120 VP8 clip: codec, size, frames and length', async () => {
    const facts = await probeClip(testClip());
    expect(facts).toEqual({
      codec: 'vp8',
      width: 160,
      height: 120,
      frames: 900,
      durationMs: 90_000,
    });
  });

  it('refuses what does not decode: garbage, a cut-off file, an empty one', async () => {
    const good = testClip({ seconds: 5 });
    const garbage = Buffer.from(good.map((b, i) => (i > 200 ? (b * 31 + i) & 0xff : b)));
    for (const bad of [
      Buffer.from('not a video at all'),
      good.subarray(0, good.length / 2),
      garbage,
      Buffer.alloc(0),
    ])
      await expect(probeClip(bad)).rejects.toBeInstanceOf(ClipUnreadableError);
  });

  it('is killed when it takes too long, and held to its memory', async () => {
    const clip = testClip();
    await expect(probeClip(clip, { timeoutMs: 1 })).rejects.toThrow(/too long/);
    // With too little memory ffprobe cannot even start: refused, not a crash of the server.
    await expect(probeClip(clip, { memoryKb: 4 * 1024 })).rejects.toBeInstanceOf(
      ClipUnreadableError,
    );
  });

  it('reads the container header without decoding: size and packet count', async () => {
    expect(await readClipHeader(testClip())).toEqual({
      codec: 'vp8',
      width: 160,
      height: 120,
      packets: 900,
    });
    await expect(readClipHeader(Buffer.from('not a video at all'))).rejects.toBeInstanceOf(
      ClipUnreadableError,
    );
  });

  it('has the decoder refuse frames above maxPixels, whatever the container says', async () => {
    const big = testClip({ seconds: 2, size: '640x480' });
    expect((await probeClip(big)).width).toBe(640);
    await expect(probeClip(big, { maxPixels: 320 * 240 })).rejects.toBeInstanceOf(
      ClipUnreadableError,
    );
    expect((await probeClip(testClip(), { maxPixels: 320 * 240 })).frames).toBe(900);
  });

  it('re-muxes the video stream alone: the same frames, without bytes that followed the clip', async () => {
    const clip = testClip();
    const tail = Buffer.from('<html><body>not a video</body></html>');
    const kept = await remuxClip(Buffer.concat([clip, tail]), 2 * clip.length);
    expect(kept.includes(tail)).toBe(false);
    expect(await probeClip(kept)).toEqual(await probeClip(clip));
    // Never more than it may keep.
    await expect(remuxClip(clip, 1000)).rejects.toBeInstanceOf(ClipUnreadableError);
  });
});
