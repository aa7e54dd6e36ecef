// The JS a visitor's browser loads for `/`, measured in Chromium against the compiled app: every
// script response until the network is idle (the entry, its imports, and any lazy chunk the page
// asks for), each gzipped at level 9 as the build's .gz copies are, and brotli as served.
// Target: <= 85 KB gzip (a bare Vite + React 19 page is about 66 KB). Printed, never asserted.
// docs/decisions/0061-js-budget-on-root.md
import { chromium } from '@playwright/test';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH, withApp } from './web/context';

export async function measureJsOnRoot(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts: { url: string; body: Promise<Buffer> }[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push({ url: res.url(), body: res.body() });
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    // The catalogue shows after its 1 s skeleton: anything it loads then counts too.
    await page.getByRole('heading', { name: 'Challenges' }).waitFor();
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    let raw = 0;
    let gz = 0;
    let br = 0;
    for (const s of scripts) {
      const body = await s.body;
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
      br += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    }
    return { files: scripts.length, raw, gz, br };
  } finally {
    await browser.close();
  }
}

export async function printJsSize(port = 7391) {
  const js = await withApp(port, (ctx) => measureJsOnRoot(ctx.baseUrl), { seed: false });
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(
    `JS loaded on / (visitor, Chromium): ${kb(js.gz)} KB gzip, ${kb(js.br)} KB brotli (${kb(js.raw)} KB raw, ${js.files} files; target <= 85 KB gzip)`,
  );
}

if (import.meta.filename === process.argv[1]) await printJsSize();
