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
  it('draws PNGs on a thread of its own: the event loop keeps turning while it draws', async () => {
    const r = make({ workers: 1, queue: 20 });
    expect(isPng(await r.render(card('warm-up'), 1200, 630))).toBe(true);
    let settled = false;
    const all = Promise.all(
      Array.from({ length: 8 }, (_, i) => r.render(card(`card ${i}`), 1200, 630)),
    ).finally(() => (settled = true));
    // The loop's turns while a card was being drawn. Drawn on this thread, a card would hold the
    // loop from its start to its end and no turn could see one running; on a thread of its own,
    // the loop turns many times per card (a card is tens of milliseconds of CPU), however slow
    // the machine. What is asserted is that it turned, not how fast.
    let turnsWhileDrawing = 0;
    while (!settled) {
      if (r.stats.running > 0) turnsWhileDrawing += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const pngs = await all;
    expect(pngs.every(isPng)).toBe(true);
    expect(new Set(pngs.map((p) => p.toString('base64'))).size).toBe(8);
    expect(turnsWhileDrawing).toBeGreaterThanOrEqual(8);
    expect(r.stats).toEqual({ renders: 9, running: 0, waiting: 0 });
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
