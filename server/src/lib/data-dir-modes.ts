import fs from 'node:fs';
import path from 'node:path';

/** Permission bits no file or folder under DATA_DIR keeps: group and others. */
const NOT_OWNER = 0o077;

/**
 * Takes group and other permissions off DATA_DIR and everything in it (symbolic links are not
 * followed). Folders written by earlier versions, or created by an operator with a loose umask,
 * let other local users read notes and password hashes and write the WAL. Returns the paths it
 * narrowed and those it could not (not ours: chmod is refused), for the caller to report.
 * docs/decisions/0079-data-dir-modes.md
 */
export function ownerOnlyDataDir(dataDir: string): { narrowed: string[]; failed: string[] } {
  const narrowed: string[] = [];
  const failed: string[] = [];
  const visit = (p: string) => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      return; // gone meanwhile
    }
    if (st.isSymbolicLink()) return;
    if ((st.mode & NOT_OWNER) !== 0) {
      try {
        fs.chmodSync(p, st.mode & 0o7777 & ~NOT_OWNER);
        narrowed.push(p);
      } catch {
        failed.push(p);
      }
    }
    if (st.isDirectory()) {
      let names: string[] = [];
      try {
        names = fs.readdirSync(p);
      } catch {
        return;
      }
      for (const name of names) visit(path.join(p, name));
    }
  };
  visit(path.resolve(dataDir));
  return { narrowed, failed };
}
