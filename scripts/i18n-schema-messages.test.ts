import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@common/languages';
import { parsePo } from '@common/po';
import { formatIcu, setSayer } from '@common/say';

// Every message common/schemas/ gives a person has a translation in common/locales/ (docs/i18n.md
// "How CI checks"): the server says them in the request's language and the client by sayShared.
// Two ways to find them, both cheap:
// - each exported zod schema is walked, and every message it was given (`.min(3, '...')`,
//   `{ error: ... }`) is asked for; a message said by say() at that moment is its msgid; so is
//   each exported constant sentence and record of words, as the module built it;
// - the sources are read for the sentences a check builds by hand: `message:` of an issue, a
//   sentence returned by a function, one said where it is built.
// Messages written for API clients in JSON's own braces ({ kind: "workout", workoutId }) cannot
// be ICU msgids: they stay English, and are listed below.
const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'common/schemas');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.includes('.test.'));

const ENGLISH_ONLY = /\{ ?(kind|action)[:,]/;

const catalogue = (lang: string) =>
  new Map(
    parsePo(fs.readFileSync(path.join(root, 'common/locales', `${lang}.po`), 'utf8')).map((e) => [
      e.msgid,
      e,
    ]),
  );

const sentence = (s: string) => /^[A-Za-z{][^\n]* /.test(s);

/** The messages of every exported schema: the text given, or the msgids said to make it. */
async function walkedMessages(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let said: string[] = [];
  setSayer((message, values) => {
    said.push(message);
    return formatIcu(message, values);
  });
  const seen = new Set<unknown>();
  const visit = (value: unknown, where: string) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const def = (value as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) {
      for (const v of Object.values(value)) visit(v, where);
      return;
    }
    if (typeof def.error === 'function') {
      said = [];
      let text: unknown;
      try {
        // A message that depends on the issue (its input, its keys) throws here: the sources'
        // reading below finds what it is built from.
        text = (def.error as () => unknown)();
      } catch {
        text = undefined;
      }
      if (said.length) for (const id of said) found.set(id, where);
      else if (typeof text === 'string') found.set(text, where);
    }
    for (const v of Object.values(def)) visit(v, where);
  };
  for (const f of files) {
    const mod = (await import(path.join(dir, f))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      visit(value, `${f}: ${name}`);
      // An exported constant sentence, or a record of words, as the module made it.
      if (!/^[A-Z][A-Z0-9_]*$/.test(name)) continue;
      const texts =
        typeof value === 'string'
          ? [value]
          : value && typeof value === 'object' && !Array.isArray(value)
            ? Object.values(value).filter((v): v is string => typeof v === 'string')
            : [];
      for (const text of texts)
        if (sentence(text) || /^[A-Z][a-z]+$/.test(text)) found.set(text, `${f}: ${name}`);
    }
  }
  setSayer(null);
  return found;
}

/** The sentences the sources build by hand (see above), with where each is. */
function readMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const f of files) {
    const src = ts.createSourceFile(
      f,
      fs.readFileSync(path.join(dir, f), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const literals = (node: ts.Node, out: string[] = []): string[] => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
      // The API description is not a message.
      else if (!(ts.isCallExpression(node) && /\.(meta|describe)$/.test(node.expression.getText())))
        ts.forEachChild(node, (c) => void literals(c, out));
      return out;
    };
    const take = (node: ts.Node | undefined, line: ts.Node) => {
      if (!node) return;
      const at = `${f}:${src.getLineAndCharacterOfPosition(line.getStart()).line + 1}`;
      for (const s of literals(node)) if (sentence(s)) found.set(s, at);
    };
    const visit = (node: ts.Node) => {
      // A message said where it is built (common/say.ts): say('...'), ruleSaid('...', label).
      if (
        ts.isCallExpression(node) &&
        /^(say|\w+Said)$/.test(node.expression.getText()) &&
        node.arguments[0]
      )
        take(node.arguments[0], node);
      if (ts.isPropertyAssignment(node) && /^(message|error)$/.test(node.name.getText()))
        take(node.initializer, node);
      if (ts.isReturnStatement(node)) take(node.expression, node);
      ts.forEachChild(node, visit);
    };
    visit(src);
  }
  return found;
}

describe('common/schemas messages', () => {
  afterAll(() => setSayer(null));

  it('each has a translation in common/locales/ in every language', async () => {
    const messages = new Map([...readMessages(), ...(await walkedMessages())]);
    expect(messages.size).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const own = catalogue(lang);
      for (const [message, where] of messages) {
        if (ENGLISH_ONLY.test(message)) continue;
        if (!own.get(message)?.msgstr) problems.push(`${lang}: "${message}" (${where})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('finds a message given to a schema, one said when it is made, and one a check builds', async () => {
    const walked = await walkedMessages();
    expect(walked.get('Age must be at least 5')).toMatch(/profile\.ts/);
    expect(walked.get('{label} must be text')).toBeDefined();
    expect(walked.get('Fake score')).toMatch(/REPORT_REASON_LABELS/);
    expect(readMessages().get('Your password must not be your username.')).toMatch(/auth\.ts/);
  });
});
