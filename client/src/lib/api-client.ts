// The only caller of fetch in the client (docs/product.md#api): cookies always sent, a JSON body only
// when one is given, and errors read as "{status}: {message}".

import { currentLanguage } from './i18n';

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The browser's HTTP cache mode ('no-cache': ask the server even for an answer it may keep). */
  cache?: RequestCache;
  /** On 401 resolve to null instead of throwing (the current-user query). */
  nullOn401?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

async function errorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let message = text || res.statusText;
  let errors: Record<string, string[]> | undefined;
  try {
    const json = JSON.parse(text) as { message?: unknown; errors?: Record<string, string[]> };
    if (typeof json.message === 'string') message = json.message;
    errors = json.errors;
  } catch {
    // Not JSON: the body text stands.
  }
  return new ApiError(res.status, `${res.status}: ${message}`, errors);
}

let unauthorized: ((path: string) => void) | null = null;

/**
 * Called with the path of any request answered 401 (the session may have ended elsewhere): the
 * query layer asks the server again who is signed in (lib/offline/query-cache.ts).
 */
export function onUnauthorized(handler: ((path: string) => void) | null) {
  unauthorized = handler;
}

/** How long an answer asked for ahead (prefetch) waits for the request that takes it. */
const PREFETCH_TTL_MS = 10_000;
const prefetched = new Map<string, { at: number; res: Promise<Response> }>();

/**
 * Starts GET `path` now, before the code of the screen that needs it has loaded; that screen's
 * first GET of the same path takes this answer instead of asking again (app/route-data.ts:
 * docs/decisions/0068-lighthouse-leaderboard-and-profile.md). Taken once, and only within 10 s.
 */
export function prefetch(path: string) {
  const res = fetch(path, {
    credentials: 'include',
    headers: { accept: 'application/json', 'accept-language': currentLanguage() },
  });
  // A failure nobody takes is not an unhandled rejection; the taker still sees it.
  res.catch(() => undefined);
  prefetched.set(path, { at: Date.now(), res });
}

function takePrefetched(path: string) {
  const early = prefetched.get(path);
  prefetched.delete(path);
  return early && Date.now() - early.at < PREFETCH_TTL_MS ? early.res : undefined;
}

export async function request<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  // The server's messages come in the page's language (server/src/lib/i18n.ts).
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': currentLanguage(),
    ...options.headers,
  };
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    signal: options.signal,
  };
  if (options.cache) init.cache = options.cache;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const early = init.method === 'GET' && !options.headers ? takePrefetched(path) : undefined;
  const res = await (early ?? fetch(path, init));
  if (res.status === 401 && options.nullOn401) return { data: null as T, headers: res.headers };
  if (res.status === 401) unauthorized?.(path);
  if (!res.ok) throw await errorFrom(res);
  if (res.status === 204) return { data: null as T, headers: res.headers };
  const text = await res.text();
  return { data: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, options)).data;
}
