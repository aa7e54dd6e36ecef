import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { shortenIds, shortId, shortIds } from './message-ids';
import { namedOnRoot, pick } from './vite-catalogue-chunks';

// Which messages go in a language's first chunk: what the code `/` loads names
// (scripts/vite-catalogue-chunks.ts, docs/decisions/0308-the-words-of-root-picked-by-the-build.md).

const chunk = (
  fileName: string,
  modules: Record<string, string | null>,
  more: Partial<Rolldown.RenderedChunk> = {},
) =>
  ({
    fileName,
    isEntry: false,
    imports: [],
    moduleIds: Object.keys(modules),
    modules: Object.fromEntries(
      Object.entries(modules).map(([id, code]) => [
        id,
        { code, renderedLength: code?.length ?? 0, renderedExports: [] },
      ]),
    ),
    ...more,
  }) as unknown as Rolldown.RenderedChunk;

const chunks = Object.fromEntries(
  [
    chunk(
      'index.js',
      { '/src/main.tsx': 'const a = i18n._({ id: "abc123" }); const b = `Sign in`;' },
      { isEntry: true, imports: ['runtime.js'] },
    ),
    chunk('runtime.js', { '/runtime': 'const title = "90 Second Push-up Challenge";' }),
    chunk('screen.js', { '/src/screen.tsx': 'i18n._({ id: "zzz999" });' }),
    chunk(
      'toaster.js',
      { '/src/toaster.tsx': 'i18n._({ id: "close1" });', '/src/unused.ts': null },
      { imports: ['shared.js'] },
    ),
    chunk('shared.js', { '/src/shared.tsx': 'i18n._({ id: "shared9" });' }),
  ].map((c) => [c.fileName, c]),
);

describe("the catalogue's first chunk", () => {
  it("takes what the entry and its static imports name, not a lazy screen's", () => {
    const { strings, ids } = namedOnRoot(chunks, []);
    expect(ids).toContain('abc123');
    expect(strings).toContain('Sign in');
    expect(strings).toContain('90 Second Push-up Challenge');
    // A message's id only where the macros put it: `{ id: '...' }`.
    expect(ids).not.toContain('Sign in');
    expect(ids).not.toContain('zzz999');
    expect(strings).not.toContain('zzz999');
  });

  it("takes what an on-root module names, not its chunk's imports", () => {
    const { ids } = namedOnRoot(chunks, ['/src/toaster.tsx']);
    expect(ids).toContain('close1');
    expect(ids).not.toContain('shared9');
  });

  it('fails the build when an on-root module is in no chunk', () => {
    expect(() => namedOnRoot(chunks, ['/src/gone.tsx'])).toThrow(/gone/);
  });

  it('takes a shared message only when `/` says it, though the first script holds its English', () => {
    const catalogue = {
      all: { abc123: ['Anmelden'], zzz999: ['Profil'], Title: ['Titel'], Share: ['Teilen'] },
      shared: new Set(['Title', 'Share']),
    };
    const named = { strings: new Set(['Title', 'Share', 'zzz999']), ids: new Set(['abc123']) };
    const sharedOnRoot = new Set(['Title']);
    expect(pick(catalogue, named, sharedOnRoot, true)).toEqual({
      abc123: ['Anmelden'],
      Title: ['Titel'],
    });
    expect(pick(catalogue, named, sharedOnRoot, false)).toEqual({
      zzz999: ['Profil'],
      Share: ['Teilen'],
    });
  });
});

describe('short message ids', () => {
  it('numbers the ids in their sorted order, and shortens only known ids in `id:` places', () => {
    const ids = shortIds(['b2', 'a1', 'c3'], new Set(['Title']));
    expect([...ids]).toEqual([
      ['a1', '0'],
      ['b2', '1'],
      ['c3', '2'],
    ]);
    expect(shortenIds('_._({ id: "b2", values }); x = { id: \'zz\' }; y = "b2";', ids)).toBe(
      '_._({ id: "1", values }); x = { id: \'zz\' }; y = "b2";',
    );
    expect(shortId(61)).toBe('Z');
    expect(shortId(62)).toBe('10');
  });

  it('refuses a short id that is a shared message', () => {
    expect(() => shortIds(['a1'], new Set(['0']))).toThrow(/shared/);
  });
});
