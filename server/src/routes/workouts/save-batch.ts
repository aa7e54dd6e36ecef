import { sql } from 'drizzle-orm';
import type { NewBadge } from '@common/schemas/workouts';
import type { ScoreTier } from '@common/tiers';
import { isDatabaseUnavailable, type Db } from '../../db/client';
import { isPgPool } from '../../db/pg-driver';
import { rowsOf } from '../../db/rows';

/** One save as the statement takes it (the route has validated and normalised it). */
export interface SaveArgs {
  userId: number;
  challenge: string;
  score: number;
  /** A capped "for time" run; lowerIsBetter: a finish time (workouts.rank_value counts it down). */
  capped: boolean;
  lowerIsBetter: boolean;
  notes: string | null;
  createdAt: Date;
  idempotencyKey: string | null;
  requestHash: string | null;
  verified: boolean;
  /** How far the score is proven (common/tiers.ts); verified = the tier is a Verified one. */
  tier: ScoreTier;
  /** The save-limit row's key (`save:<user>`), or null when the save is not counted. */
  limitKey: string | null;
  now: Date;
  /** The run's pace, reps per 15 s; null: none (a hold, a typed set). */
  pace?: number[] | null;
}

export interface SavedRow {
  id: number;
  userId: number;
  challenge: string;
  score: number;
  capped: boolean;
  notes: string | null;
  createdAt: Date;
  verified: boolean;
  tier: ScoreTier;
  /** The run's pace as stored; null: none. */
  pace: number[] | null;
  /** The badges the set earned (the trigger in server/src/db/sql/badges.sql), earliest first. */
  newBadges: NewBadge[];
}

/** The member's best before a save, by rank value: its score and cap mark. */
export interface PreviousBest {
  score: number | null;
  capped: boolean;
}

export type SaveOutcome =
  | { kind: 'replay'; row: SavedRow & { requestHash: string | null }; previousBest: PreviousBest }
  | { kind: 'limited'; window: { count: number; resetAt: Date } }
  | { kind: 'created'; row: SavedRow; previousBest: PreviousBest }
  /** The key's workout was deleted within 24 hours; the hash of the body it was saved with. */
  | { kind: 'deleted'; requestHash: string | null };

/** Saves allowed per limit key in a window; one value per queue (it is the app's configuration). */
export interface SaveLimit {
  max: number;
  windowMs: number;
}

/**
 * Several saves in one statement, hence one commit (docs/decisions/0069-save-throughput.md): the
 * function save_batch (server/src/db/sql/saves.sql) does per save what the one-save statement
 * did (docs/decisions/0065-one-statement-save.md) and answers each save's previous best.
 */
async function saveBatchStatement(
  db: Db,
  saves: SaveArgs[],
  limit: SaveLimit | null,
): Promise<SaveOutcome[]> {
  const input = JSON.stringify(
    saves.map((s, n) => ({
      n,
      user_id: s.userId,
      challenge: s.challenge,
      score: s.score,
      notes: s.notes,
      created_at: s.createdAt.toISOString(),
      received_at: s.now.toISOString(),
      idem_key: s.idempotencyKey,
      request_hash: s.requestHash,
      verified: s.verified,
      tier: s.tier,
      limit_key: limit ? s.limitKey : null,
      capped: s.capped,
      lower_is_better: s.lowerIsBetter,
      pace: s.pace ?? null,
    })),
  );
  const query = sql`select * from save_batch(${input}::json, ${limit?.max ?? 0}::int, ${limit?.windowMs ?? 0}::int)`;
  const rows = await rowsOf<Record<string, unknown>>(db, query);
  const out: (SaveOutcome | undefined)[] = new Array(saves.length);
  const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  const best = (row: Record<string, unknown>): PreviousBest =>
    row.previous_best === null || row.previous_best === undefined
      ? { score: null, capped: false }
      : { score: Number(row.previous_best), capped: row.previous_best_capped === true };
  for (const row of rows) {
    const n = Number(row.n);
    if (row.kind === 'limited') {
      out[n] = {
        kind: 'limited',
        window: { count: Number(row.count), resetAt: date(row.reset_at) },
      };
      continue;
    }
    if (row.kind === 'deleted') {
      out[n] = { kind: 'deleted', requestHash: row.request_hash as string | null };
      continue;
    }
    const saved: SavedRow = {
      id: Number(row.id),
      userId: Number(row.user_id),
      challenge: String(row.challenge),
      score: Number(row.score),
      capped: row.capped === true,
      notes: row.notes as string | null,
      createdAt: date(row.created_at),
      verified: Boolean(row.verified),
      tier: (row.tier as ScoreTier | null) ?? 'entered',
      pace: Array.isArray(row.pace) ? (row.pace as unknown[]).map(Number) : null,
      newBadges: [],
    };
    out[n] =
      row.kind === 'replay'
        ? {
            kind: 'replay',
            row: { ...saved, requestHash: row.request_hash as string | null },
            previousBest: best(row),
          }
        : { kind: 'created', row: saved, previousBest: best(row) };
  }
  const done = out.map((o) => {
    if (!o) throw new Error('a save statement returned no row for a save');
    return o;
  });
  await addNewBadges(db, done);
  return done;
}

/**
 * The badges each set of the batch earned, in one read for the batch (member_badges.workout_id,
 * by its index); a replay answers its set's badges as the first answer did.
 */
export async function addNewBadges(db: Db, outcomes: SaveOutcome[]) {
  const byId = new Map<number, SavedRow>();
  for (const o of outcomes)
    if (o.kind === 'created' || o.kind === 'replay') byId.set(o.row.id, o.row);
  if (byId.size === 0) return;
  const rows = await rowsOf<{
    workout_id: number;
    badge: string;
    challenge: string | null;
    earned_at: unknown;
  }>(
    db,
    sql`select workout_id, badge, challenge, earned_at from member_badges
        where workout_id = any(${`{${[...byId.keys()].join(',')}}`}::int[])
        order by earned_at, badge`,
  );
  for (const r of rows) {
    const at = r.earned_at instanceof Date ? r.earned_at : new Date(String(r.earned_at));
    byId.get(Number(r.workout_id))?.newBadges.push({
      kind: r.badge as NewBadge['kind'],
      ...(r.challenge ? { challenge: r.challenge } : {}),
      earnedAt: at.toISOString(),
    });
  }
}

interface Job {
  args: SaveArgs;
  resolve: (o: SaveOutcome) => void;
  reject: (err: unknown) => void;
}

/** At most this many saves in one statement: a bigger batch would hold its first save too long. */
const MAX_BATCH = 64;

/**
 * Group commit for saves (docs/decisions/0069-save-throughput.md): saves that arrive while a batch
 * is being written wait and go together in the next statement, and each is answered once that
 * statement has committed, so an acknowledged save is as durable as before. A lone save goes at
 * once: nothing waits for company. If a batch of several fails (a key committed meanwhile by
 * another instance, a deadlock), its saves are tried again one by one, so one save's error is its
 * own; not when the database is unreachable.
 */
export class SaveQueue {
  private pending: Job[] = [];
  private running = 0;
  // Members with a save in a batch being written: their next saves wait for it, so a save's
  // statement sees every earlier save of its member (previous best, ties by received_at).
  private writing = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly limit: SaveLimit | null,
    private readonly maxInFlight = 1,
  ) {}

  save(args: SaveArgs): Promise<SaveOutcome> {
    return new Promise((resolve, reject) => {
      this.pending.push({ args, resolve, reject });
      this.next();
    });
  }

  private next() {
    while (this.running < this.maxInFlight && this.pending.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.running += 1;
      for (const job of batch)
        this.writing.set(job.args.userId, (this.writing.get(job.args.userId) ?? 0) + 1);
      void this.write(batch).finally(() => {
        this.running -= 1;
        for (const job of batch) {
          const left = this.writing.get(job.args.userId)! - 1;
          if (left === 0) this.writing.delete(job.args.userId);
          else this.writing.set(job.args.userId, left);
        }
        this.next();
      });
    }
  }

  /**
   * The next saves in arrival order, one per member's key (a repeat waits for the next batch),
   * none of a member whose earlier save is still being written.
   */
  private take(): Job[] {
    const batch: Job[] = [];
    const rest: Job[] = [];
    const keys = new Set<string>();
    for (const job of this.pending) {
      const key =
        job.args.idempotencyKey === null ? null : `${job.args.userId}:${job.args.idempotencyKey}`;
      if (
        batch.length >= MAX_BATCH ||
        (key !== null && keys.has(key)) ||
        this.writing.has(job.args.userId)
      ) {
        rest.push(job);
        continue;
      }
      if (key !== null) keys.add(key);
      batch.push(job);
    }
    this.pending = rest;
    return batch;
  }

  private async write(batch: Job[]) {
    try {
      const outcomes = await saveBatchStatement(
        this.db,
        batch.map((j) => j.args),
        this.limit,
      );
      batch.forEach((job, i) => job.resolve(outcomes[i]!));
    } catch (err) {
      // A database that does not answer would fail each retry too, one timeout after another.
      if (batch.length === 1 || isDatabaseUnavailable(err)) {
        for (const job of batch) job.reject(err);
        return;
      }
      for (const job of batch) {
        await saveBatchStatement(this.db, [job.args], this.limit).then(
          ([o]) => job.resolve(o!),
          job.reject,
        );
      }
    }
  }
}

/**
 * Batches written at once: on PostgreSQL two (the next batch is sent while one commits; the pool
 * has connections to spare), on PGlite one (a single connection: a second batch would only split
 * the first).
 */
function inFlightFor(db: Db): number {
  return isPgPool((db as unknown as { $client?: unknown }).$client) ? 2 : 1;
}

/**
 * A save queue for this database and limit. The app keeps one (./save-queue.plugin.ts):
 * saves share its batches only within one app.
 */
export function createSaveQueue(db: Db, limit: SaveLimit | null): SaveQueue {
  return new SaveQueue(db, limit, inFlightFor(db));
}
