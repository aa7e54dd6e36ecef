/**
 * A reader for the gettext .po catalogues that server messages and the shared validation messages
 * use (common/locales/, server/src/locales/): `msgid` is the English message itself and `msgstr`
 * its translation, in ICU MessageFormat (docs/i18n.md). The client's own catalogues are read by
 * Lingui's Vite plugin; these are read here, by the server at start and by the build
 * (scripts/vite-catalogue-chunks.ts), so neither needs Lingui's CLI at run time.
 */

export interface PoEntry {
  msgid: string;
  msgstr: string;
  /** `#,` flags, e.g. fuzzy. */
  flags: string[];
}

function unquote(line: string, at: number): string {
  const raw = line.slice(line.indexOf('"'));
  if (!raw.startsWith('"') || !raw.endsWith('"') || raw.length < 2)
    throw new Error(`po line ${at + 1}: expected a quoted string`);
  return raw.slice(1, -1).replace(/\\(["\\nt])/g, (_, c: string) => ({ n: '\n', t: '\t' })[c] ?? c);
}

/** The entries of a .po file; the header (empty msgid) and obsolete (`#~`) entries left out. */
export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let cur: PoEntry | null = null;
  let field: 'msgid' | 'msgstr' | null = null;
  let flags: string[] = [];
  const end = () => {
    if (cur && cur.msgid) entries.push(cur);
    cur = null;
    field = null;
  };
  text.split(/\r?\n/).forEach((rawLine, i) => {
    const line = rawLine.trim();
    if (line === '') return end();
    if (line.startsWith('#,')) {
      if (cur && field === 'msgstr') end();
      flags = line
        .slice(2)
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean);
      return;
    }
    if (line.startsWith('#')) return;
    if (line.startsWith('msgctxt')) throw new Error(`po line ${i + 1}: msgctxt is not used here`);
    if (line.startsWith('msgid ')) {
      if (cur) end();
      cur = { msgid: unquote(line, i), msgstr: '', flags };
      flags = [];
      field = 'msgid';
      return;
    }
    if (line.startsWith('msgstr ')) {
      if (!cur) throw new Error(`po line ${i + 1}: msgstr without msgid`);
      (cur as PoEntry).msgstr = unquote(line, i);
      field = 'msgstr';
      return;
    }
    if (line.startsWith('"') && cur && field) {
      (cur as PoEntry)[field] += unquote(line, i);
      return;
    }
    throw new Error(`po line ${i + 1}: cannot read "${line}"`);
  });
  end();
  return entries;
}

/** msgid -> msgstr, fuzzy and untranslated entries left out (they fall back to the English). */
export function poMessages(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of parsePo(text))
    if (e.msgstr && !e.flags.includes('fuzzy')) out[e.msgid] = e.msgstr;
  return out;
}
