import fs from 'node:fs';
import path from 'node:path';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parseAst, type Plugin, type Rolldown } from 'vite';
import { lengthenAll } from '../client/src/app/i18n/pseudo-length.ts';
import { poMessages } from '../common/po.ts';
import { shortenIds, shortIds } from './message-ids.ts';

/**
 * Each language's messages in two chunks, `virtual:catalogue/<lang>` and
 * `virtual:catalogue/<lang>-rest` (docs/decisions/0308-the-words-of-root-picked-by-the-build.md).
 * The first holds the messages `/` says: a Lingui message (its id a macro's hash) when its id is
 * named (`{ id: '...' }`, as the macros write it) in the code `/` loads (the first script with its
 * static imports, and the `onRoot` modules: code loaded later whose words show with the first
 * script's, before the rest is asked for); a shared message (common/locales/,
 * its id the English) when it is also one of `sharedOnRoot`, since the first script holds the
 * English of words only other screens say (a challenge's timer and share words, units, board
 * labels). The rest holds every other message. Picked when the chunks are rendered, from the code
 * as Rolldown wrote it (tree-shaken), so a message moves between the two as the code does; the
 * chunks' hashes are taken after. Outside a build (dev server, Vitest) the first module holds
 * every message and the rest none.
 *
 * English's shared messages are left out: their msgstr is their msgid, and common/say.ts says an
 * English message itself (client/src/lib/i18n.ts asks the catalogue first). en-XA's messages are
 * lengthened here (client/src/app/i18n/pseudo-length.ts). In a build, Lingui's ids are shortened
 * in the code and the chunks alike (./message-ids.ts).
 */
export interface CatalogueChunksOptions {
  /** The languages, as app/i18n/load-catalogue.ts asks for them. */
  languages: string[];
  /** Lazy modules whose words show before the rest is asked for (the toaster, a board's heading). */
  onRoot: string[];
  /** The shared messages `/` says (a challenge's catalogue words). */
  sharedOnRoot: ReadonlySet<string>;
  /** The folder of lingui.config.ts. */
  rootDir: string;
}

type Compiled = Record<string, unknown>;
interface Catalogue {
  all: Compiled;
  /** The ids of the shared messages (common/locales/). */
  shared: Set<string>;
}
const PREFIX = 'virtual:catalogue/';
const placeholder = (lang: string, part: 'first' | 'rest') =>
  `__FITBENCH_CATALOGUE_${lang}_${part}__`;

/** Every message of `lang` compiled: the shared ones, the shell's, then each feature's. */
async function compiledMessages(
  lang: string,
  root: string,
  watch: (file: string) => void,
): Promise<Catalogue> {
  const config = getConfig({ cwd: root });
  const all: Compiled = {};
  const shared = new Set<string>();
  if (lang !== config.sourceLocale) {
    // en-XA, the pseudo-locale, takes the English shared messages (lengthened below).
    const sharedLang = lang === config.pseudoLocale ? config.sourceLocale : lang;
    const file = path.join(root, 'common/locales', `${sharedLang}.po`);
    watch(file);
    for (const [id, text] of Object.entries(poMessages(fs.readFileSync(file, 'utf8')))) {
      all[id] = compileMessage(text);
      shared.add(id);
    }
  }
  for (const catalog of await getCatalogs(config)) {
    watch(`${catalog.path.replace('{locale}', lang)}.po`);
    const { messages } = await catalog.getTranslations(lang, {
      fallbackLocales: config.fallbackLocales ?? {},
      sourceLocale: config.sourceLocale ?? 'en',
    });
    const { source, errors } = createCompiledCatalog(lang, messages, {
      namespace: 'json',
      pseudoLocale: config.pseudoLocale,
    });
    if (errors.length)
      throw new Error(
        `catalogue ${catalog.path} (${lang}): ${errors.map((e) => `${e.id}: ${String(e.error)}`).join('; ')}`,
      );
    Object.assign(all, (JSON.parse(source) as { messages: Compiled }).messages);
  }
  return { all: lang === config.pseudoLocale ? lengthenAll(all as never) : all, shared };
}

/** The messages of `catalogue` in its first chunk (`first`) or in the rest. */
export function pick(
  { all, shared }: Catalogue,
  { strings, ids }: Named,
  sharedOnRoot: ReadonlySet<string>,
  first: boolean,
): Compiled {
  const onRoot = (id: string) =>
    shared.has(id) ? strings.has(id) && sharedOnRoot.has(id) : ids.has(id);
  return Object.fromEntries(Object.entries(all).filter(([id]) => onRoot(id) === first));
}

/** What `code` names: every string (and template text), and the strings of `id` properties. */
export interface Named {
  strings: Set<string>;
  /** `{ id: '...' }`: the ids of Lingui's messages, as the macros write them. */
  ids: Set<string>;
}

function namedIn(code: string, into: Named) {
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as { type?: string; value?: unknown; key?: { type?: string; name?: string } };
    if (n.type === 'Literal' && typeof n.value === 'string') into.strings.add(n.value);
    if (n.type === 'TemplateElement') {
      const cooked = (n.value as { cooked?: string | null }).cooked;
      if (cooked) into.strings.add(cooked);
    }
    if (n.type === 'Property' && n.key?.type === 'Identifier' && n.key.name === 'id') {
      const v = n.value as {
        type?: string;
        value?: unknown;
        quasis?: { value: { cooked?: string } }[];
      };
      if (v.type === 'Literal' && typeof v.value === 'string') into.ids.add(v.value);
      if (v.type === 'TemplateLiteral' && v.quasis?.length === 1 && v.quasis[0]!.value.cooked)
        into.ids.add(v.quasis[0]!.value.cooked);
    }
    for (const key of Object.keys(n))
      if (key !== 'type') visit((n as Record<string, unknown>)[key]);
  };
  visit(parseAst(code));
}

/**
 * What the code `/` loads names: every module of the entry's chunk and its static imports,
 * and the `onRoot` modules themselves (not all their chunk's imports: the toaster's chunk imports
 * the landing screens' shared chunk, whose words `/` never shows).
 */
export function namedOnRoot(
  chunks: Record<string, Rolldown.RenderedChunk>,
  onRoot: string[],
): Named {
  const all = Object.values(chunks);
  const byFile = new Map(all.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const f of byFile.get(file)?.imports ?? []) visit(f);
  };
  for (const c of all) if (c.isEntry) visit(c.fileName);
  const codes: string[] = [];
  for (const file of seen)
    for (const mod of Object.values(byFile.get(file)?.modules ?? {}))
      if (mod.code) codes.push(mod.code);
  // Rolldown gave no module's code: nothing to pick from (a change of its API), not an empty page.
  if (!codes.length) throw new Error('catalogue: no rendered code for the modules of /');
  for (const id of onRoot) {
    const chunk = all.find((c) => c.moduleIds.includes(id));
    const code = chunk?.modules[id]?.code;
    if (!code) throw new Error(`catalogue: no rendered code for ${id}`);
    codes.push(code);
  }
  const named: Named = { strings: new Set(), ids: new Set() };
  for (const code of codes) namedIn(code, named);
  return named;
}

export function catalogueChunksPlugin(options: CatalogueChunksOptions): Plugin {
  const root = options.rootDir;
  let build = false;
  const compiled = new Map<string, Promise<Catalogue>>();
  const picked = new WeakMap<object, Named>();
  let ids: Map<string, string> | null = null;
  const messagesOf = (lang: string, watch: (file: string) => void = () => undefined) => {
    if (!compiled.has(lang)) compiled.set(lang, compiledMessages(lang, root, watch));
    return compiled.get(lang)!;
  };
  /** `lang`'s catalogue with the build's short ids. */
  const shortened = async (lang: string): Promise<Catalogue> => {
    const { all, shared } = await messagesOf(lang);
    const short = (id: string) => (shared.has(id) ? id : (ids?.get(id) ?? id));
    return {
      all: Object.fromEntries(Object.entries(all).map(([id, m]) => [short(id), m])),
      shared,
    };
  };
  return {
    name: 'fitbench-catalogue-chunks',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    async buildStart() {
      compiled.clear();
      if (!build) return;
      // Every Lingui id is in the source language's catalogue, which holds no shared message.
      const source = getConfig({ cwd: root }).sourceLocale ?? 'en';
      const shared = poMessages(fs.readFileSync(path.join(root, 'common/locales/en.po'), 'utf8'));
      ids = shortIds(Object.keys((await messagesOf(source)).all), new Set(Object.keys(shared)));
    },
    transform(code, id) {
      if (!ids || !/[\\/]client[\\/]src[\\/]/.test(id) || !code.includes('id:')) return null;
      const out = shortenIds(code, ids);
      return out === code ? null : { code: out, map: null };
    },
    watchChange(id) {
      if (id.endsWith('.po')) compiled.clear();
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      const rest = name.endsWith('-rest');
      const lang = rest ? name.slice(0, -'-rest'.length) : name;
      if (!options.languages.includes(lang)) throw new Error(`catalogue: no language ${lang}`);
      const { all } = await messagesOf(lang, (file) => this.addWatchFile(file));
      const value = build
        ? JSON.stringify(placeholder(lang, rest ? 'rest' : 'first'))
        : JSON.stringify(JSON.stringify(rest ? {} : all));
      return { code: `export const messages = JSON.parse(${value});`, moduleType: 'js' };
    },
    async renderChunk(code, _chunk, _output, meta) {
      if (!code.includes('__FITBENCH_CATALOGUE_')) return null;
      let named = picked.get(meta.chunks);
      if (!named) picked.set(meta.chunks, (named = namedOnRoot(meta.chunks, options.onRoot)));
      let out = code;
      for (const lang of options.languages) {
        for (const part of ['first', 'rest'] as const) {
          if (!out.includes(placeholder(lang, part))) continue;
          const marker = new RegExp(`(["'\`])${placeholder(lang, part)}\\1`, 'g');
          const mine = pick(await shortened(lang), named, options.sharedOnRoot, part === 'first');
          out = out.replace(marker, () => JSON.stringify(JSON.stringify(mine)));
        }
      }
      return { code: out, map: null };
    },
  };
}
