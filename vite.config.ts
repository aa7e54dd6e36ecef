import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The face detector for "Count with camera", served from this app's own origin under /camera/ and
// loaded only when a member chooses the camera (docs/decisions/1003-face-detection-model.md).
export const CAMERA_FILES: Record<string, string> = {
  'human.js': r('./node_modules/@vladmandic/human/dist/human.js'),
  'models/blazeface.json': r('./node_modules/@vladmandic/human/models/blazeface.json'),
  'models/blazeface.bin': r('./node_modules/@vladmandic/human/models/blazeface.bin'),
  'tfjs-backend-wasm.wasm': r('./node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'),
  'tfjs-backend-wasm-simd.wasm': r('./node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm'),
};

function cameraFiles(): Plugin {
  const types: Record<string, string> = { js: 'text/javascript', json: 'application/json', wasm: 'application/wasm' };
  return {
    name: 'fitbench-camera-files',
    configureServer(server) {
      server.middlewares.use('/camera/', (req, res, next) => {
        const name = (req.url ?? '').split('?')[0]!.replace(/^\//, '');
        const file = CAMERA_FILES[name];
        if (!file) return next();
        res.setHeader('Content-Type', types[name.split('.').pop()!] ?? 'application/octet-stream');
        fs.createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const [name, file] of Object.entries(CAMERA_FILES))
        this.emitFile({ type: 'asset', fileName: `camera/${name}`, source: fs.readFileSync(file) });
    },
  };
}

export default defineConfig({
  root: r('./client'),
  publicDir: r('./client/public'),
  plugins: [react(), tailwindcss(), cameraFiles(), precompress()],
  resolve: {
    alias: { '@': r('./client/src'), '@common': r('./common') },
  },
  // Every browser we target supports modulepreload; the polyfill would cost every page.
  build: { outDir: r('./dist/client'), emptyOutDir: true, sourcemap: false, modulePreload: { polyfill: false }, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/avatars': 'http://localhost:5000' },
  },
});
