import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./client'),
  publicDir: r('./client/public'),
  plugins: [react(), tailwindcss(), precompress()],
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
