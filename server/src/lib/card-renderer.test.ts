import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { CardRenderer, type CardNode } from './card-renderer';
import { HttpError } from './errors';

// The render threads of the share cards (docs/decisions/0081-bounded-share-cards.md).
const card = (text: string): CardNode => ({
  type: 'div',
  props: {
    style: {
      display: 'flex',
      width: 1200,
      height: 630,
      background: '#047857',
      color: '#fff',
      fontSize: 96,
      fontFamily: 'Inter',
      fontWeight: 800,
    },
    children: text,
  },
});

const isPng = (b: Buffer) =>
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const renderers: CardRenderer[] = [];
function make(opts: ConstructorParameters<typeof CardRenderer>[0]) {
  const r = new CardRenderer(opts);
  renderers.push(r);
  return r;
}
afterEach(async () => {
  await Promise.all(renderers.splice(0).map((r) => r.close()));
});

describe('CardRenderer', () => {
  it('draws PNGs on a thread of its own: the event loop stays free while it draws', async () => {
    const r = make({ workers: 1, queue: 20 });
    expect(isPng(await r.render(card('warm-up'), 1200, 630))).toBe(true);
    // One card's time on this machine now: eight on one thread take longer (the first are slower
    // while the thread warms up, so no multiple is promised).
    const s0 = performance.now();
    await r.render(card('one alone'), 1200, 630);
    const single = performance.now() - s0;
    // The loop's worst delay with nothing to do, for as long: what a busy machine gives it anyway.
    const quiet = monitorEventLoopDelay({ resolution: 5 });
    quiet.enable();
    await new Promise((resolve) => setTimeout(resolve, 500));
    quiet.disable();
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const t0 = performance.now();
    const pngs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => r.render(card(`card ${i}`), 1200, 630)),
    );
    const took = performance.now() - t0;
    delay.disable();
    expect(pngs.every(isPng)).toBe(true);
    expect(new Set(pngs.map((p) => p.toString('base64'))).size).toBe(8);
    // Eight cards take longer than one (one thread draws them in turn), so the loop had work
    // beside it to be held by; it was never held for more than a few ms beyond idle.
    expect(took).toBeGreaterThan(single);
    // Drawn on this thread, the eight would hold the loop for about all of `took`; a loaded
    // machine's own stalls are allowed up to half of it.
    expect(delay.max / 1e6).toBeLessThan(Math.max(50 + quiet.max / 1e6, took / 2));
    expect(r.stats).toEqual({ renders: 10, running: 0, waiting: 0 });
  });

  it('refuses at once with a 503 and Retry-After beyond its threads and queue', async () => {
    const r = make({ workers: 1, queue: 2, retryAfterSeconds: 3 });
    const accepted = [
      r.render(card('a'), 1200, 630),
      r.render(card('b'), 1200, 630),
      r.render(card('c'), 1200, 630),
    ];
    expect(r.stats).toEqual({ renders: 3, running: 1, waiting: 2 });
    expect(r.full).toBe(true);
    const refused = await r.render(card('d'), 1200, 630).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(503);
    expect((refused as HttpError).headers).toEqual({ 'retry-after': '3' });
    expect((await Promise.all(accepted)).every(isPng)).toBe(true);
    expect(r.full).toBe(false);
    expect(r.stats.renders).toBe(3);
  });

  it('ends a thread that takes too long, refuses its card, and draws the next on a new thread', async () => {
    // The first card starts the thread (loading satori): 1 ms is never enough. The options are
    // read for each card, so the same renderer then gets time enough.
    const opts = { workers: 1, queue: 4, timeoutMs: 1 };
    const r = make(opts);
    const slow = await r.render(card('slow'), 1200, 630).catch((e: unknown) => e);
    expect((slow as HttpError).statusCode).toBe(503);
    opts.timeoutMs = 30_000;
    expect(isPng(await r.render(card('fine'), 1200, 630))).toBe(true);
    expect(r.stats).toEqual({ renders: 2, running: 0, waiting: 0 });
  });

  it('reports a card it cannot draw as an error, and keeps drawing', async () => {
    const r = make({ workers: 1, queue: 4 });
    // satori refuses an image without a source.
    const bad: CardNode = {
      type: 'div',
      props: { style: { display: 'flex' }, children: [{ type: 'img', props: {} }] },
    };
    const err = await r.render(bad, 1200, 630).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(HttpError);
    expect((err as Error).message).toMatch(
      /^The share card could not be drawn: Image source is not provided/,
    );
    expect(isPng(await r.render(card('after'), 1200, 630))).toBe(true);
  });

  it('refuses every card after close, and the waiting ones too', async () => {
    const r = make({ workers: 1, queue: 4 });
    const running = r.render(card('x'), 1200, 630).catch((e: unknown) => e);
    const waiting = r.render(card('y'), 1200, 630).catch((e: unknown) => e);
    await r.close();
    expect(((await waiting) as HttpError).statusCode).toBe(503);
    expect(((await running) as HttpError).statusCode).toBe(503);
    expect(
      ((await r.render(card('z'), 1200, 630).catch((e: unknown) => e)) as HttpError).statusCode,
    ).toBe(503);
  });
});
