import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';

// Cache headers of the built client (docs/decisions/1103-pwa-and-offline-saves.md).
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-client-'));
fs.mkdirSync(path.join(clientDir, 'assets'));
fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>FitBench</title>');
fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
fs.writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"FitBench"}');
fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
const t = useTestApp({ clientDir });

describe('client files', () => {
  it.each([
    ['/sw.js', 'no-cache'],
    ['/manifest.webmanifest', 'no-cache'],
    ['/assets/index-abc123.js', 'public, max-age=31536000, immutable'],
    ['/favicon.svg', 'public, max-age=3600'],
    ['/90second/timer', 'no-cache'],
  ])('%s is served with Cache-Control %s', async (url, cacheControl) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(cacheControl);
  });

  it('serves the manifest as a web app manifest', async () => {
    const res = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });
});
