// The JS a visitor's browser loads for `/`, measured in Chromium against the compiled app: every
// script response until the network is idle (the entry, its imports, and any lazy chunk the page
// asks for), each gzipped at level 9 as the build's .gz copies are, and brotli as served.
// Target: <= 85 KB gzip in each language (a bare Vite + React 19 page is about 66 KB). Printed,
// never asserted. docs/decisions/0061-js-budget-on-root.md, 0308-the-words-of-root-picked-by-the-build.md
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH, withApp } from './web/context';

export async function measureJsOnRoot(baseUrl: string, locale = 'en-US') {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    // A visitor whose browser asks for `locale`: the page loads that language's catalogue.
    const page = await browser.newPage({ locale });
    const scripts: { url: string; body: Promise<Buffer> }[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        scripts.push({ url: res.url(), body: res.body() });
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    // The catalogue shows after its 1 s skeleton: anything it loads then counts too.
    await page.getByRole('heading', { name: /^(Challenges|Retos)$/ }).waitFor();
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    let raw = 0;
    let gz = 0;
    let br = 0;
    const each: { url: string; gz: number }[] = [];
    for (const s of scripts) {
      const body = await s.body;
      const g = gzipSync(body, { level: 9 }).length;
      raw += body.length;
      gz += g;
      br += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      each.push({ url: new URL(s.url).pathname, gz: g });
    }
    return { files: scripts.length, raw, gz, br, each };
  } finally {
    await browser.close();
  }
}

/** The languages a visitor's browser may ask for: `/` loads each one's first catalogue chunk. */
export const VISITOR_LOCALES = ['en-US', 'de-DE', 'es-ES'];

export async function printJsSize(port = 7391, locales = VISITOR_LOCALES) {
  const kb = (n: number) => (n / 1024).toFixed(1);
  await withApp(
    port,
    async (ctx) => {
      for (const locale of locales) {
        const js = await measureJsOnRoot(ctx.baseUrl, locale);
        const who = locales.length > 1 ? `visitor in ${locale}` : 'visitor';
        console.log(
          `JS loaded on / (${who}, Chromium): ${kb(js.gz)} KB gzip, ${kb(js.br)} KB brotli (${kb(js.raw)} KB raw, ${js.files} files; target <= 85 KB gzip)`,
        );
        console.log(`  ${js.each.map((f) => `${f.url} ${kb(f.gz)}`).join(', ')}`);
      }
    },
    { seed: false },
  );
}

/** The landing pages Lighthouse audits (bench/web/lighthouse.ts), by the route pattern they match. */
const LANDING = [
  ['/', '/'],
  ['/auth', '/auth'],
  ['/90second', '/90second'],
  ['/90second/leaderboard', '/90second/leaderboard'],
  ['public profile', '/90second/users/:username'],
  ['timer', '/90second/timer'],
  ['burpees home', '/burpees-or-bust'],
  ['plank home', '/plank-drop'],
] as const;

/**
 * The JS each landing page loads before its screen renders, from the build itself: the first
 * script and what index.html modulepreloads, plus the route's preloads
 * (scripts/vite-route-preloads.ts, the same chunk graph the server reads). Deterministic: no
 * browser, no timing, so it compares builds on a loaded machine. Gzip level 9, as the .gz copies.
 */
export function routeJs(clientDir = 'dist/client') {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const first = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const preloads = JSON.parse(
    fs.readFileSync(path.join(clientDir, '.vite/route-preloads.json'), 'utf8'),
  ) as {
    routes: { patterns: string[]; files: string[] }[];
  };
  const gz = (file: string) =>
    gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;
  return LANDING.map(([label, pattern]) => {
    const route = preloads.routes.find((r) => r.patterns.includes(pattern));
    if (!route) throw new Error(`route-js: no route ${pattern}`);
    const files = [...new Set([...first, ...route.files])];
    return { label, files: files.length, gz: files.reduce((a, f) => a + gz(f), 0) };
  });
}

/**
 * Each language's first catalogue chunk (the messages `/` says: scripts/vite-catalogue-chunks.ts),
 * which every page loads beside the first script, from the build manifest; gzip level 9.
 */
export function catalogueJs(clientDir = 'dist/client', languages = ['en', 'de', 'es']) {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  return languages.map((lang) => {
    const file = manifest[`../virtual:catalogue/${lang}`]?.file;
    if (!file) throw new Error(`route-js: no catalogue chunk for ${lang}`);
    return { lang, gz: gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length };
  });
}

export function printRouteJs(clientDir?: string) {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const routes = routeJs(clientDir);
  for (const r of routes) {
    console.log(`  ${r.label.padEnd(22)} ${kb(r.gz).padStart(6)} KB gzip in ${r.files} files`);
  }
  // `/` with its language's words, as a visitor's browser loads it (bench/js-size.ts measures it).
  const root = routes.find((r) => r.label === '/')!;
  const each = catalogueJs(clientDir).map((c) => `${c.lang} ${kb(root.gz + c.gz)} (${kb(c.gz)})`);
  console.log(
    `  / with its first catalogue chunk: ${each.join(', ')} KB gzip (target <= 85 KB gzip)`,
  );
}

if (import.meta.filename === process.argv[1]) {
  if (process.argv[2] === '--routes') printRouteJs(process.argv[3]);
  else await printJsSize();
}
