import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../db/client';

/**
 * A copy of the migrations folder whose journal ends just before `tag`: a database migrated from
 * it is one the release before that migration left, for the tests of one migration's upgrade.
 */
export function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-mig-'));
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 1) throw new Error(`migrationsBefore: no migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
