import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { linguiMacroPlugin } from './scripts/vite-lingui-macro.ts';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress.ts';
import { landingGroups } from './scripts/vite-landing-groups.ts';
import { catalogueChunksPlugin } from './scripts/vite-catalogue-chunks.ts';
import { lucideIconPlugin } from './scripts/vite-lucide-icon.ts';
import { CATALOGUE } from './common/challenge-entries.ts';
import { routePreloadsPlugin } from './scripts/vite-route-preloads.ts';
import { themeInitPlugin } from './scripts/vite-theme-init.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Loaded by the first script apart from any screen, in one small chunk of their own rather than in
// a screen's, which would bring the screens' shared chunk with them (docs/decisions/0310): what a
// device keeps of a member (loaded for a member only) and the early board fetch with its helpers
// (app/board-prefetch.ts, preloaded on a board's address).
const EARLY = new RegExp(
  `client[\\\\/]src[\\\\/](${[
    'lib/offline/last-user',
    'app/board-prefetch',
    'features/leaderboard/api/leaderboard-path',
    'features/leaderboard/utils/board-period',
    'lib/time-zone',
  ]
    .map((m) => `${m.replaceAll('/', '[\\\\/]')}\\.ts`)
    .join('|')})$`,
);

// The landing screens' code in a few chunks, not thirty (docs/decisions/0189-landing-chunks.md).
const landing = landingGroups({
  everyScreen: r('./client/src/app/query-provider.tsx'),
  screens: {
    auth: r('./client/src/app/routes/auth.tsx'),
    'challenge-home': r('./client/src/app/routes/challenge-home.tsx'),
    leaderboard: r('./client/src/app/routes/leaderboard.tsx'),
    'public-profile': r('./client/src/app/routes/public-profile.tsx'),
    timer: r('./client/src/app/routes/timer.tsx'),
  },
  // Forms, their schemas and the password meter: large, and used by only some screens. And the
  // modules the first script loads apart from a screen (EARLY).
  exclude: new RegExp(
    `node_modules[\\\\/](zod|react-hook-form|@hookform|@zxcvbn-ts)[\\\\/]|${EARLY.source}`,
  ),
  barrels: ['lucide-react', 'radix-ui'],
});

// Each language's first catalogue chunk (docs/decisions/0308-the-words-of-root-picked-by-the-build.md):
// the modules loaded after the first script whose words show with it (the toaster; a board's
// heading, which paints before the rest of the catalogue is asked for), and the shared messages
// `/` says (each challenge's card in the catalogue, and the header's strip).
const catalogueChunks = catalogueChunksPlugin({
  languages: ['en', 'de', 'es', 'en-XA'],
  rootDir: r('.'),
  onRoot: [
    r('./client/src/components/ui/toaster.tsx'),
    r('./client/src/app/routes/leaderboard-page.tsx'),
  ],
  sharedOnRoot: new Set(CATALOGUE.flatMap((c) => [c.title, c.description, c.duration, ...c.focus])),
});

// The face detector for "Count with camera", served from this app's own origin under /camera/ and
// loaded only when a member chooses the camera (docs/decisions/0051-face-detection-model.md).
export const CAMERA_FILES: Record<string, string> = {
  'human.js': r('./node_modules/@vladmandic/human/dist/human.js'),
  'models/blazeface.json': r('./node_modules/@vladmandic/human/models/blazeface.json'),
  'models/blazeface.bin': r('./node_modules/@vladmandic/human/models/blazeface.bin'),
  'tfjs-backend-wasm.wasm': r(
    './node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm',
  ),
  'tfjs-backend-wasm-simd.wasm': r(
    './node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm',
  ),
};

function cameraFiles(): Plugin {
  const types: Record<string, string> = {
    js: 'text/javascript',
    json: 'application/json',
    wasm: 'application/wasm',
  };
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
  plugins: [
    // Messages compiled at build time, two chunks per language: `/`'s words and the rest (docs/i18n.md).
    linguiMacroPlugin(),
    catalogueChunks,
    react(),
    tailwindcss(),
    themeInitPlugin(),
    // Manifest and service worker: docs/decisions/0055-pwa-and-offline-saves.md.
    VitePWA({
      // The page registers the worker itself (lazily, after the first render) and asks before
      // switching to a new version ("New version available" with Reload).
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/90second',
        name: 'FitBench: 90 Second Push-up Challenge',
        short_name: 'FitBench',
        description: 'Timed fitness challenges, workout logs and leaderboards.',
        start_url: '/90second',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#059669',
        background_color: '#f8faf9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The app shell and every route's code; stock avatars and icons too. Never /api: personal
        // answers stay out of Cache Storage, which every member of this browser shares.
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        // The camera's detector (megabytes) loads only when a member chooses the camera.
        globIgnores: ['camera/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/camera\//],
        cleanupOutdatedCaches: true,
        // The first worker takes control of the open page at once (nothing to be inconsistent
        // with yet); a later one waits for Reload on "New version available".
        clientsClaim: true,
        runtimeCaching: [],
        // Reminders: the push and notificationclick handlers (client/public/push-handler.js).
        importScripts: ['/push-handler.js'],
      },
    }),
    cameraFiles(),
    lucideIconPlugin(r('./client/src/lib/lucide-icon.ts')),
    landing.plugin,
    routePreloadsPlugin(),
    precompress(),
  ],
  resolve: {
    alias: {
      '@': r('./client/src'),
      '@common': r('./common'),
      // React 19 has the hook: wouter's pre-18 shim only hands it back (the file says more).
      'use-sync-external-store/shim/index.js': r(
        './client/src/lib/use-sync-external-store-shim.ts',
      ),
    },
  },
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // Every browser we target supports modulepreload; the polyfill would cost every page. index.html
    // preloads what the first script imports. The first script's lazy imports (the screens) carry
    // no list of their chunks' imports, the file names of every screen's chunks and 1.4 KB gzip of
    // it: a screen's imports load once its chunk has. Landing screens have theirs from the server
    // (route-preloads.json), and the service worker has them all after the first visit. Lazy
    // imports elsewhere keep theirs: the timer asks for its after-run screens, imports and all, as
    // a run starts, so a run that ends offline without a worker still shows them
    // (docs/decisions/0310-the-first-script-trimmed.md, 0196).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && /(^|\/)index-[^/]*\.js$/.test(hostId) ? [] : deps,
    },
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            ...landing.groups,
            { name: 'early', test: EARLY, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/avatars': 'http://localhost:5000' },
  },
});
