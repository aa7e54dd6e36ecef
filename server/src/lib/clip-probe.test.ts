import { describe, expect, it } from 'vitest';
import { testClip } from '../test/test-clips';
import { ClipUnreadableError, probeClip } from './clip-probe';

describe('probeClip (ffprobe in a child process)', () => {
  it('reads a 90-second 160x120 VP8 clip: codec, size, frames and length', async () => {
    const facts = await probeClip(testClip());
    expect(facts).toEqual({ codec: 'vp8', width: 160, height: 120, frames: 900, durationMs: 90_000 });
  });

  it('refuses what does not decode: garbage, a cut-off file, an empty one', async () => {
    const good = testClip({ seconds: 5 });
    const garbage = Buffer.from(good.map((b, i) => (i > 200 ? (b * 31 + i) & 0xff : b)));
    for (const bad of [Buffer.from('not a video at all'), good.subarray(0, good.length / 2), garbage, Buffer.alloc(0)])
      await expect(probeClip(bad)).rejects.toBeInstanceOf(ClipUnreadableError);
  });

  it('is killed when it takes too long, and held to its memory', async () => {
    const clip = testClip();
    await expect(probeClip(clip, { timeoutMs: 1 })).rejects.toThrow(/too long/);
    // With too little memory ffprobe cannot even start: refused, not a crash of the server.
    await expect(probeClip(clip, { memoryKb: 4 * 1024 })).rejects.toBeInstanceOf(ClipUnreadableError);
  });
});
