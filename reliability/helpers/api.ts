import { randomUUID } from 'node:crypto';

// A small API client for the proofs: a user with a cookie, saves with idempotency keys.

export interface Member {
  username: string;
  password: string;
  cookie: string;
}

const json = { 'content-type': 'application/json' };

export async function register(base: string, username: string): Promise<Member> {
  const password = `Reliable-${username}-77`;
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, email: `${username}@example.com`, password }),
  });
  if (res.status !== 201)
    throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  return { username, password, cookie: cookieOf(res) };
}

export async function login(
  base: string,
  m: { username: string; password: string },
): Promise<Member> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: m.username, password: m.password }),
  });
  if (res.status !== 200) throw new Error(`login ${m.username}: ${res.status} ${await res.text()}`);
  return { ...m, cookie: cookieOf(res) };
}

function cookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.includes('='));
  if (!set) throw new Error('no session cookie');
  return set.split(';')[0]!;
}

export interface SaveResult {
  status: number;
  body: { id: number; pushups: number; createdAt: string } | { message: string };
}

/** One save attempt; throws on a network error (connection refused or reset). */
export async function save(
  base: string,
  m: Member,
  key: string,
  pushups: number,
  timeoutMs = 10_000,
): Promise<SaveResult> {
  const res = await fetch(`${base}/api/workouts`, {
    method: 'POST',
    headers: { ...json, cookie: m.cookie, 'idempotency-key': key },
    body: JSON.stringify({ pushups }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.status, body: await res.json() };
}

export const newKey = () => randomUUID();

/** Every workout id of a member (all pages). */
export async function allWorkoutIds(base: string, m: Member): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (;;) {
    const q: URLSearchParams = new URLSearchParams({ limit: '500', ...(cursor ? { cursor } : {}) });
    const res: Response = await fetch(`${base}/api/workouts?${q}`, {
      headers: { cookie: m.cookie },
    });
    if (res.status !== 200) throw new Error(`list workouts: ${res.status} ${await res.text()}`);
    ids.push(...((await res.json()) as { id: number }[]).map((w) => w.id));
    cursor = res.headers.get('x-next-cursor');
    if (!cursor) return ids;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
