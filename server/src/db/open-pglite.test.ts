import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { env } from '../env';
import { sql } from 'drizzle-orm';
import { copyDataTemplate, openPglite, rowsOf, startPglite } from './client';

// The server's embedded database keeps its shared buffers small (server/src/db/client.ts).
describe.runIf(env.TEST_DB_KIND === 'pglite')('openPglite', () => {
  it("opens with 32 MB of shared buffers and PGlite's own settings kept", async () => {
    const database = await openPglite({
      loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
    });
    try {
      const { rows } = await database.pglite.query<{
        name: string;
        setting: string;
        unit: string | null;
      }>(
        `select name, setting, unit from pg_settings
         where name in ('shared_buffers', 'search_path', 'max_worker_processes') order by name`,
      );
      expect(rows).toEqual([
        { name: 'max_worker_processes', setting: '0', unit: null },
        { name: 'search_path', setting: 'public', unit: null },
        { name: 'shared_buffers', setting: '4096', unit: '8kB' },
      ]);
    } finally {
      await database.close();
    }
  });
});

// The server builds the app while PGlite opens (server/src/index.ts): the app's statements wait.
describe.runIf(env.TEST_DB_KIND === 'pglite')('startPglite', () => {
  it('answers statements asked before it is open, once it is open and migrated', async () => {
    // A new in-memory database: initdb, then every migration, all after this call returns.
    const database = startPglite();
    try {
      const asked = rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
      await expect(asked).resolves.toEqual([{ n: 0 }]);
      await expect(database.ready).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  }, 60_000);

  it('fails the statements, and `ready`, of a database that cannot open', async () => {
    const database = startPglite({ loadDataDir: new Blob([Buffer.from('not a backup')]) });
    const asked = rowsOf(database.db, sql`select 1`);
    await expect(database.ready).rejects.toThrow();
    await expect(asked).rejects.toThrow();
    await expect(rowsOf(database.db, sql`select 1`)).rejects.toThrow();
  }, 60_000);
});

// A new data folder starts as a copy of the build's template (docs/decisions/0132-start-and-pages-as-shipped.md).
describe.runIf(env.TEST_DB_KIND === 'pglite')('copyDataTemplate', () => {
  it('starts a new folder from the template, owner-only, and leaves an existing one alone', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-template-'));
    try {
      // A migrated folder, as the build makes it.
      const template = path.join(root, 'template');
      const made = await openPglite({
        dataDir: template,
        loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
      });
      await made.close();
      const dataDir = path.join(root, 'data', 'pgdata');
      fs.mkdirSync(path.dirname(dataDir));
      expect(copyDataTemplate(path.join(root, 'no-such-template'), dataDir)).toBe(false);
      // What a start stopped mid-copy left aside is removed.
      fs.mkdirSync(`${dataDir}.new-999999`);
      expect(fs.existsSync(dataDir)).toBe(false);

      const database = await openPglite({ dataDir, template });
      try {
        const { rows } = await database.pglite.query<{ n: number }>(
          'select count(*)::int as n from users',
        );
        expect(rows).toEqual([{ n: 0 }]);
        await database.pglite.query(
          `insert into users (username, email, password_hash) values ('kept', 'kept@example.com', 'x')`,
        );
      } finally {
        await database.close();
      }
      const modes = (at: string): string[] =>
        fs.readdirSync(at, { withFileTypes: true }).flatMap((e) => {
          const p = path.join(at, e.name);
          const mode = fs.statSync(p).mode & 0o777;
          const bad = mode & 0o077 ? [`${p} ${mode.toString(8)}`] : [];
          return e.isDirectory() ? [...bad, ...modes(p)] : bad;
        });
      expect(modes(path.dirname(dataDir))).toEqual([]);
      expect(fs.readdirSync(path.dirname(dataDir))).toEqual(['pgdata']);

      // Existing: opened as it is, the template not copied over it.
      expect(copyDataTemplate(template, dataDir)).toBe(false);
      const again = await openPglite({ dataDir, template });
      try {
        const { rows } = await again.pglite.query<{ username: string }>(
          'select username from users',
        );
        expect(rows).toEqual([{ username: 'kept' }]);
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
