// Where sign-in goes afterwards: `/auth?next=/plank-drop/timer?beat=30%26from=alex`. The value comes
// from anyone's link, so only a path on this site is taken; anything else (another host, a
// scheme, a protocol-relative `//host`, a backslash that browsers read as a slash, control
// characters that URL parsing drops) falls back to `/`.
// docs/decisions/0092-sign-in-keeps-the-destination.md

import { paths } from '@/config/paths';

export const NEXT_PARAM = 'next';
const HOME = '/';
// Any origin will do: only whether the path stays on it matters.
const BASE = 'https://fitbench.invalid';

/** The same-origin path (with its query and hash) in `raw`, or `/`. */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || raw.length > 2048) return HOME;
  if (!raw.startsWith('/') || raw.startsWith('//')) return HOME;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\\\u0000-\u001f\u007f\s]/.test(raw)) return HOME;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return HOME;
  }
  if (url.origin !== BASE) return HOME;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Back to sign-in after signing in would be a loop.
  if (url.pathname === paths.auth.path || url.pathname.startsWith(`${paths.auth.path}/`))
    return HOME;
  return path;
}

/** The `next` of a query string (with or without `?`), made safe. */
export function nextFromSearch(search: string): string {
  return safeNextPath(new URLSearchParams(search).get(NEXT_PARAM));
}
