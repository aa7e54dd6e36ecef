import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@common/languages';
import { parsePo } from '@common/po';

// Every key in every language, and every message parses (docs/i18n.md "How CI checks"): a
// catalogue's English file lists its keys; German and Spanish must translate each one, with the
// same placeholders, in ICU MessageFormat that compiles.
const root = path.resolve(import.meta.dirname, '..');
const dirs = [
  'common/locales',
  'server/src/locales',
  'client/src/app/locales',
  ...fs
    .readdirSync(path.join(root, 'client/src/features'))
    .map((f) => `client/src/features/${f}/locales`),
].filter((d) => fs.existsSync(path.join(root, d, 'en.po')));

const read = (dir: string, lang: string) => {
  const file = path.join(root, dir, `${lang}.po`);
  return fs.existsSync(file) ? parsePo(fs.readFileSync(file, 'utf8')) : [];
};

/** The argument names of an ICU message: `{name}`, `{n, plural, ...}`. */
function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([\w]+)\s*[,}]/g)].map((m) => m[1]!))].sort();
}

function compiles(message: string): string | null {
  try {
    // The parser Lingui's compiler uses, which throws where the compiler would only log.
    parse(message);
    return null;
  } catch (error) {
    return String(error);
  }
}

describe('message catalogues', () => {
  it('finds the catalogues', () => {
    expect(dirs).toContain('client/src/features/auth/locales');
    expect(dirs).toContain('server/src/locales');
  });

  for (const dir of dirs) {
    it(`${dir}: every key is translated in every language, and parses`, () => {
      const english = read(dir, 'en');
      const problems: string[] = [];
      for (const e of english) {
        const err = compiles(e.msgid);
        if (err) problems.push(`en: ${e.msgid}: ${err}`);
      }
      for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
        const own = new Map(read(dir, lang).map((e) => [e.msgid, e]));
        for (const e of english) {
          const t = own.get(e.msgid);
          if (!t || !t.msgstr) {
            problems.push(`${lang}: missing "${e.msgid}"`);
            continue;
          }
          if (t.flags.includes('fuzzy')) problems.push(`${lang}: fuzzy "${e.msgid}"`);
          const err = compiles(t.msgstr);
          if (err) problems.push(`${lang}: "${t.msgstr}" does not parse: ${err}`);
          const want = placeholders(e.msgid);
          const got = placeholders(t.msgstr);
          if (want.join() !== got.join())
            problems.push(`${lang}: "${t.msgstr}" has {${got}}, "${e.msgid}" has {${want}}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  // The client joins its catalogues into one object per language (client/src/app/i18n/catalogues),
  // keyed by the message: two features that say one English message in two ways would have one
  // of them win silently. A message needs one translation per language, or a context to tell
  // the two apart.
  it('gives one message one translation per language across the catalogues joined on the client', () => {
    // common/locales is keyed by the English text, the client's own by Lingui's ids: apart.
    const joined = dirs.filter((d) => d.startsWith('client/'));
    const problems: string[] = [];
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const seen = new Map<string, { msgstr: string; dir: string }>();
      for (const dir of joined) {
        for (const e of read(dir, lang)) {
          if (!e.msgstr) continue;
          const before = seen.get(e.msgid);
          if (before && before.msgstr !== e.msgstr)
            problems.push(
              `${lang}: "${e.msgid}" is "${before.msgstr}" in ${before.dir}, "${e.msgstr}" in ${dir}`,
            );
          else if (!before) seen.set(e.msgid, { msgstr: e.msgstr, dir });
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses a message that does not parse', () => {
    expect(compiles('{count, plural, one {# set} other {# sets}}')).toBeNull();
    expect(compiles('{count, plural, one {# set} other {# sets}')).not.toBeNull();
  });
});
