import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { env } from '../env';
import { useTestApp } from '../test/app';

// The API description passes `redocly lint` (redocly.yaml) and `spectral lint` (.spectral.yaml,
// spectral:oas) with no problem of any severity: the rules kept off are in those files, each with
// its reason. docs/decisions/0088-openapi-every-content-type.md

const run = promisify(execFile);
const bin = (name: string) => path.resolve('node_modules/.bin', name);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-openapi-lint-'));
// With a client build the app also serves (and describes) the HTML profile pages.
fs.writeFileSync(
  path.join(dir, 'index.html'),
  '<!doctype html><html><head><title>FitBench</title></head><body></body></html>',
);

const t = useTestApp({ clientDir: dir });

interface Problem {
  rule: string;
  where: string;
  message: string;
}

async function redocly(file: string): Promise<Problem[]> {
  // Exits 1 on errors, with the report on stdout all the same.
  const { stdout } = await run(
    bin('redocly'),
    ['lint', '--config', 'redocly.yaml', '--format=json', file],
    {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  const report = JSON.parse(stdout) as {
    problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
  };
  return report.problems.map((p) => ({
    rule: p.ruleId,
    where: p.location[0]?.pointer ?? '',
    message: p.message,
  }));
}

async function spectral(file: string): Promise<Problem[]> {
  const out = `${file}.spectral.json`;
  // Exits 1 on errors; the report goes to its own file (stdout also gets a sentence).
  await run(bin('spectral'), [
    'lint',
    '--ruleset',
    '.spectral.yaml',
    '--format',
    'json',
    '--output',
    out,
    file,
  ]).catch(() => undefined);
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    code: string;
    message: string;
    path: string[];
  }[];
  return report.map((p) => ({ rule: p.code, where: p.path.join('.'), message: p.message }));
}

// The document does not depend on the database: linted once, on PGlite.
describe.skipIf(env.TEST_DB_KIND === 'postgres')(
  'the API description passes the OpenAPI linters',
  () => {
    it(
      'redocly and spectral find nothing in the document the app serves',
      { timeout: 120_000 },
      async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
        const file = path.join(dir, 'openapi.json');
        fs.writeFileSync(file, res.body);
        // The HTML pages are in it (they are the operations linters caught with `responses: {}`).
        expect(Object.keys(res.json().paths)).toContain('/users/{username}');
        const [fromRedocly, fromSpectral] = await Promise.all([redocly(file), spectral(file)]);
        expect(fromRedocly).toEqual([]);
        expect(fromSpectral).toEqual([]);
      },
    );

    it(
      'and both report what the issue found: an operation with no response, no summary, no operationId',
      { timeout: 120_000 },
      async () => {
        const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
        const page = doc.paths['/users/{username}'].get;
        page.responses = {};
        delete page.summary;
        delete page.operationId;
        const file = path.join(dir, 'broken.json');
        fs.writeFileSync(file, JSON.stringify(doc));
        const [fromRedocly, fromSpectral] = await Promise.all([redocly(file), spectral(file)]);
        expect(fromRedocly.map((p) => p.rule)).toEqual(
          expect.arrayContaining([
            'operation-2xx-response',
            'operation-summary',
            'operation-operationId',
          ]),
        );
        expect(fromSpectral.map((p) => p.rule)).toEqual(
          expect.arrayContaining(['oas3-schema', 'operation-operationId']),
        );
      },
    );
  },
);
