import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { env } from '../env';
import { openPglite } from './client';

// The server's embedded database keeps its shared buffers small (server/src/db/client.ts).
describe.runIf(env.TEST_DB_KIND === 'pglite')('openPglite', () => {
  it('opens with 32 MB of shared buffers and PGlite\'s own settings kept', async () => {
    const database = await openPglite({ loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) });
    try {
      const { rows } = await database.pglite.query<{ name: string; setting: string; unit: string | null }>(
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
