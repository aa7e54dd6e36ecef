// One share-card render thread (started by server/src/lib/card-renderer.ts): satori lays a card
// out as SVG, resvg draws it as a PNG, so a card's CPU time (measured by npm run bench, see
// docs/benchmarks.md) never blocks the server's event loop. Plain JavaScript so this one file runs as it is under tsx, Vitest and beside the
// compiled server (scripts/build.mjs copies it there).
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';

const fonts = workerData.fonts.map((f) => ({
  name: f.name,
  weight: f.weight,
  style: f.style,
  data: fs.readFileSync(f.path),
}));

parentPort.on('message', async ({ id, tree, width, height }) => {
  try {
    const svg = await satori(tree, { width, height, fonts });
    // Copied into a buffer of its own, which can be handed over to the main thread without a copy.
    const png = new Uint8Array(
      new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng(),
    );
    parentPort.postMessage({ id, png }, [png.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
