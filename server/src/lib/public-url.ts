/**
 * PUBLIC_URL as the app uses it: the origin (scheme://host[:port]) the site is reached at, from
 * which link previews build their absolute URLs. Only http(s), no credentials, path, query or
 * fragment: the app is served at the root of its host. docs/decisions/0082-public-url.md
 */
export function parsePublicUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(
      `"${raw}" is not a URL: give the address the site is reached at, e.g. https://fitbench.example`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('must start with https:// (or http://)');
  if (url.username || url.password) throw new Error('must not hold a user name or password');
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(
      "must be the site's origin only (no path, query or #): the app is served at the root of its host",
    );
  }
  return url.origin;
}
