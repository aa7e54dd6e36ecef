// The recount's face detection thread (started by server/src/lib/face-tracker.ts): the same
// detector as the device's camera count (Human's BlazeFace on TensorFlow.js' WebAssembly backend,
// client/src/features/timer/utils/face-detector.ts), run over a proof clip's decoded frames, so a
// recount's seconds of CPU never block the server's event loop. Plain JavaScript so this one file
// runs as it is under tsx, Vitest and beside the compiled server (scripts/build.mjs copies it).
//
// Human's Node builds need @tensorflow/tfjs-converter, which is not installed: its ESM bundle
// (TensorFlow.js inside) runs here instead, told it is in a worker (so it takes its platform from
// the globals Node has: fetch, TextEncoder, performance) and handed a fetch that reads the model
// and wasm files from node_modules. Nothing is downloaded. docs/decisions/0240-recounting-proof-clips.md.
/* global Response */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const humanDir = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

/** Only files under these folders are read; anything else is refused. */
const readable = [humanDir, wasmDir].map((d) => d + path.sep);

async function diskFetch(url) {
  const file = path.resolve(fileURLToPath(String(url)));
  if (!readable.some((d) => file.startsWith(d))) return new Response('not found', { status: 404 });
  const bytes = await fs.promises.readFile(file);
  const type = file.endsWith('.json')
    ? 'application/json'
    : file.endsWith('.wasm')
      ? 'application/wasm'
      : 'application/octet-stream';
  return new Response(bytes, { status: 200, headers: { 'content-type': type } });
}

// The device's detector settings (common/face-detector-settings.ts), handed over by
// face-tracker.ts when it starts this thread, with where this process finds the files.
if (!workerData?.settings) throw new Error('face-track-worker.mjs is started by face-tracker.ts');
const CONFIG = {
  ...workerData.settings,
  wasmPath: pathToFileURL(wasmDir + path.sep).href,
  wasmPlatformFetch: true,
  modelBasePath: pathToFileURL(path.join(humanDir, 'models') + path.sep).href,
};

let loading = null;

function loadHuman() {
  loading ??= (async () => {
    globalThis.fetch = diskFetch;
    globalThis.WorkerGlobalScope ??= class {};
    // The bundled wasm loader, finding itself in Node, asks for these CommonJS names.
    globalThis.require ??= require;
    globalThis.__dirname ??= wasmDir;
    globalThis.__filename ??= path.join(wasmDir, 'tf-backend-wasm.js');
    const { Human } = await import(pathToFileURL(path.join(humanDir, 'dist', 'human.esm.js')).href);
    const human = new Human(CONFIG);
    await human.load();
    if (human.tf.getBackend() !== 'wasm') throw new Error('the wasm backend did not start');
    return human;
  })();
  return loading;
}

/**
 * The face's box width per frame, a share of the frame width (0: no face); face-tracker.ts turns
 * it into the device's size with the shared faceSizeOf.
 */
async function faceWidths(human, rgb, width, height, count) {
  const frameBytes = width * height * 3;
  const widths = new Array(count);
  for (let i = 0; i < count; i++) {
    const frame = new Int32Array(rgb.subarray(i * frameBytes, (i + 1) * frameBytes));
    const input = human.tf.tensor(frame, [1, height, width, 3], 'int32');
    try {
      const face = (await human.detect(input)).face[0];
      widths[i] = face ? face.boxRaw[2] : 0;
    } finally {
      human.tf.dispose(input);
    }
  }
  return widths;
}

parentPort.on('message', async ({ id, frames, width, height, count }) => {
  try {
    const human = await loadHuman();
    const widths = await faceWidths(human, new Uint8Array(frames), width, height, count);
    parentPort.postMessage({ id, widths });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
