import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A client folder holding only an index.html, for the tests of the pages the server builds from it
 * (link previews, club pages, the SPA fallback beside moderation's actions).
 */
export function clientDirWithIndex(prefix: string, description = 'FitBench'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><meta name="description" content="${description}" />\n<title>FitBench</title></head><body><div id="root"></div></body></html>`,
  );
  return dir;
}
