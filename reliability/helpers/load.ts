import { newKey, save, type Member } from './api';

// Mixed traffic for the outage and restart proofs: saves (with idempotency keys) and reads,
// every request timed and recorded.

export interface Sample {
  kind: 'save' | 'board' | 'user';
  start: number;
  end: number;
  /** HTTP status, or 0 for a network error / timeout. */
  status: number;
  error?: string;
  jsonMessage?: boolean;
}

export interface LoadRun {
  samples: Sample[];
  /** Saves answered 201: key -> workout id. */
  acked: Map<string, { member: Member; id: number; pushups: number }>;
  /** Saves whose outcome is unknown (error or 503): retried later with the same key. */
  pending: Map<string, { member: Member; pushups: number }>;
  stop: () => Promise<void>;
}

export function runLoad(
  base: () => string,
  members: Member[],
  concurrency = 8,
  pauseMs = 5,
): LoadRun {
  const run: LoadRun = {
    samples: [],
    acked: new Map(),
    pending: new Map(),
    stop: async () => undefined,
  };
  let stopped = false;
  const loops = Array.from({ length: concurrency }, async (_, i) => {
    const member = members[i % members.length]!;
    for (let n = 0; !stopped; n++) {
      const kind: Sample['kind'] = n % 3 === 0 ? 'save' : n % 3 === 1 ? 'board' : 'user';
      const start = Date.now();
      const sample: Sample = { kind, start, end: 0, status: 0 };
      try {
        if (kind === 'save') {
          const key = newKey();
          const pushups = 1 + ((n * 7 + i) % 300);
          run.pending.set(key, { member, pushups });
          const r = await save(base(), member, key, pushups, 15_000);
          sample.status = r.status;
          sample.jsonMessage = 'message' in r.body && typeof r.body.message === 'string';
          if (r.status === 201 && 'id' in r.body) {
            run.pending.delete(key);
            run.acked.set(key, { member, id: r.body.id, pushups });
          }
        } else {
          const url = kind === 'board' ? `${base()}/api/leaderboard/week` : `${base()}/api/user`;
          const res = await fetch(url, {
            headers: { cookie: member.cookie },
            signal: AbortSignal.timeout(15_000),
          });
          sample.status = res.status;
          const body = (await res.json()) as { message?: unknown };
          sample.jsonMessage = typeof body.message === 'string';
        }
      } catch (err) {
        sample.error = (err as Error).message;
      }
      sample.end = Date.now();
      run.samples.push(sample);
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
    }
  });
  run.stop = async () => {
    stopped = true;
    await Promise.all(loops);
  };
  return run;
}

/** Retries every pending save with its key until it is acknowledged (or gives up). */
export async function settlePending(base: string, run: LoadRun) {
  for (const [key, p] of run.pending) {
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await save(base, p.member, key, p.pushups);
        if (r.status === 201 && 'id' in r.body) {
          run.acked.set(key, { member: p.member, id: r.body.id, pushups: p.pushups });
          run.pending.delete(key);
          break;
        }
      } catch {
        // retry
      }
      if (attempt > 50) throw new Error(`save ${key} never succeeded`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
