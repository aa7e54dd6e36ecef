import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { pick, stringsOnRoot } from './vite-catalogue-chunks';

// Which messages go in a language's first chunk: the strings of the code `/` loads
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
  it("takes the strings of the entry and of its static imports, not a lazy screen's", () => {
    const strings = stringsOnRoot(chunks, []);
    expect(strings).toContain('abc123');
    expect(strings).toContain('Sign in');
    expect(strings).toContain('90 Second Push-up Challenge');
    expect(strings).not.toContain('zzz999');
  });

  it("takes an on-root module's own strings, not those of its chunk's imports", () => {
    const strings = stringsOnRoot(chunks, ['/src/toaster.tsx']);
    expect(strings).toContain('close1');
    expect(strings).not.toContain('shared9');
  });

  it('fails the build when an on-root module is in no chunk', () => {
    expect(() => stringsOnRoot(chunks, ['/src/gone.tsx'])).toThrow(/gone/);
  });

  it('takes a shared message only when `/` says it, though the first script holds its English', () => {
    const catalogue = {
      all: { abc123: ['Anmelden'], zzz999: ['Profil'], Title: ['Titel'], Share: ['Teilen'] },
      shared: new Set(['Title', 'Share']),
    };
    const strings = new Set(['abc123', 'Title', 'Share']);
    const sharedOnRoot = new Set(['Title']);
    expect(pick(catalogue, strings, sharedOnRoot, true)).toEqual({
      abc123: ['Anmelden'],
      Title: ['Titel'],
    });
    expect(pick(catalogue, strings, sharedOnRoot, false)).toEqual({
      zzz999: ['Profil'],
      Share: ['Teilen'],
    });
  });
});
