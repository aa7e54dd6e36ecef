import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { openPglite } from '../db/client';

// `npm run openapi -- FILE`: writes the API description (what GET /api/openapi.json serves) to
// FILE, for the OpenAPI linters, client generators or Prism, without starting a server. The app
// is built on a throwaway in-memory database, with a stand-in client build so the HTML pages are
// described too. `npm test` lints the same document (server/src/plugins/openapi-lint.test.ts).
async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run openapi -- FILE');
    return 2;
  }
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-openapi-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  );
  const database = await openPglite();
  const app = await buildApp({ db: database.db, config: { clientDir } });
  try {
    await app.ready();
    fs.writeFileSync(path.resolve(file), `${JSON.stringify(app.swagger(), null, 2)}\n`);
    console.error(`The API description is in ${path.resolve(file)}.`);
    return 0;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
