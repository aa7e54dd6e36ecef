// Short message ids for the build (scripts/vite-catalogue-chunks.ts,
// docs/decisions/0308-the-words-of-root-picked-by-the-build.md): each Lingui id (a six-letter hash
// of the message, random to gzip) becomes one or two letters, in the code and in every catalogue
// chunk alike, so the first script and each catalogue carry fewer bytes. Outside a build the ids
// stay Lingui's.

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The `n`th short id: 0, 1, ... z, A, ... Z, 10, 11, ... */
export function shortId(n: number): string {
  let out = '';
  do {
    out = DIGITS[n % DIGITS.length] + out;
    n = Math.floor(n / DIGITS.length);
  } while (n > 0);
  return out;
}

/**
 * Lingui's ids to short ones, in the ids' sorted order (the same for the same catalogues). A short
 * id that is also a shared message's id (its English) would make two messages one: refused.
 */
export function shortIds(ids: Iterable<string>, shared: ReadonlySet<string>): Map<string, string> {
  const map = new Map([...new Set(ids)].sort().map((id, i) => [id, shortId(i)] as const));
  for (const short of map.values())
    if (shared.has(short)) throw new Error(`message ids: "${short}" is also a shared message`);
  return map;
}

/** `code` (a module after Lingui's macros) with each `id: "<a Lingui id>"` shortened. */
export function shortenIds(code: string, ids: ReadonlyMap<string, string>): string {
  return code.replace(
    /\bid:(\s*)(["'`])([^"'`\\\n]+)\2/g,
    (whole, space: string, q, id: string) => {
      const short = ids.get(id);
      return short === undefined ? whole : `id:${space}${q}${short}${q}`;
    },
  );
}
