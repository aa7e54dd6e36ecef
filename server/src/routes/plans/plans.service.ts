import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { findEntry, type Challenge } from '@common/challenges';
import {
  localDate,
  movedDates,
  nextDates,
  placingsOf,
  planSessions as plannedSessions,
  planShapeOf,
  PLAN_SESSIONS,
  type PlanShape,
} from '@common/plans';
import type { Plan, PlanAction, PlanSummary, TodaySession } from '@common/schemas/plans';
import { isUniqueViolation, rowsOf, type Db } from '../../db/client';
import { planSessions, plans } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { awardPlanFinished } from '../badges';
import { recordedWithSql } from './due-sql';
import { latestSet, ownWorkout } from './member-sets';
import { sessionDto, summaryDto, type PlanRow, type SessionRow } from './plans-dto';

// Plans (docs/decisions/0228-a-plans-calendar.md): the calendar is stored, and moved when a
// session was missed whenever the plan is read or written; the arithmetic is common/plans.ts.

/** Who asks, and when: their id and their local date now. */
export interface Member {
  id: number;
  timeZone: string | null;
}
export interface Ctx {
  db: Db;
  challenges: readonly Challenge[];
  now: Date;
}

const PLAN_NOT_FOUND = 'Plan not found.';
export const ALREADY_RECORDED = 'That session is already recorded.';
const NOT_ACTIVE = 'This plan is not running: resume or restart it first.';

const todayOf = (ctx: Ctx, m: Member) => localDate(ctx.now, m.timeZone);

function shapeOf(ctx: Ctx, challenge: string): PlanShape | null {
  const entry = findEntry(challenge, ctx.challenges);
  return entry ? planShapeOf(entry) : null;
}

function shapeOrThrow(ctx: Ctx, challenge: string): PlanShape {
  const shape = shapeOf(ctx, challenge);
  if (!shape) throw badRequest('This challenge has no plan.');
  return shape;
}

const inOrder = [asc(planSessions.week), asc(planSessions.slot)];

async function sessionsOf(db: Db, planId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(planSessions)
    .where(eq(planSessions.planId, planId))
    .orderBy(...inOrder);
}

/** The member's plan, or 404 (another member's plan is not told apart from none). */
async function ownPlan(db: Db, m: Member, planId: number): Promise<PlanRow> {
  const [p] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.userId, m.id)));
  if (!p) throw notFound(PLAN_NOT_FOUND);
  return p;
}

/** Missed sessions move: the undone ones, from the first missed, onto the chosen days from today. */
async function catchUp(
  db: Db,
  p: PlanRow,
  sessions: SessionRow[],
  today: string,
): Promise<SessionRow[]> {
  if (p.status !== 'active') return sessions;
  const undone = sessions.filter((s) => s.doneAt === null);
  const moved = movedDates(
    undone.map((s) => s.dueOn),
    today,
    p.days,
  );
  if (!moved) return sessions;
  await reDate(db, undone, moved);
  return sessionsOf(db, p.id);
}

async function reDate(db: Db, undone: readonly SessionRow[], dates: readonly string[]) {
  // Guarded by done_at: a session recorded meanwhile keeps the date it was done on.
  for (const [i, s] of undone.entries())
    await db
      .update(planSessions)
      .set({ dueOn: dates[i]! })
      .where(and(eq(planSessions.id, s.id), isNull(planSessions.doneAt)));
}

async function planDto(ctx: Ctx, m: Member, p: PlanRow): Promise<Plan> {
  const today = todayOf(ctx, m);
  const sessions = await catchUp(ctx.db, p, await sessionsOf(ctx.db, p.id), today);
  return { ...summaryDto(p, sessions), today, sessions: sessions.map(sessionDto) };
}

/** The eighteen sessions of a plan placed by `placedBy`, from `from` on the chosen days. */
function newSessions(
  shape: PlanShape,
  planId: number,
  placedBy: number,
  days: number[],
  from: string,
) {
  const dates = nextDates(from, days, PLAN_SESSIONS);
  return plannedSessions(shape, [placedBy]).map((s, i) => ({
    planId,
    week: s.week,
    slot: s.slot,
    kind: s.kind,
    dueOn: dates[i]!,
    prescription: s.prescription,
  }));
}

export async function startPlan(
  ctx: Ctx,
  m: Member,
  input: { workoutId: number; days: number[] } | { challenge: string; days: number[] },
): Promise<Plan> {
  const w = await ownWorkout(
    ctx.db,
    m,
    'workoutId' in input ? input.workoutId : await latestSet(ctx.db, m, input.challenge),
  );
  const shape = shapeOf(ctx, w.challenge);
  if (!shape || w.capped)
    throw badRequest('This set cannot place a plan.', {
      workoutId: ['This challenge has no plan.'],
    });
  const today = todayOf(ctx, m);
  try {
    const p = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(plans)
        .values({
          userId: m.id,
          challenge: w.challenge,
          days: input.days,
          placedBy: w.score,
          placedByWorkoutId: w.id,
          startOn: today,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning();
      await tx.insert(planSessions).values(newSessions(shape, row!.id, w.score, input.days, today));
      return row!;
    });
    return planDto(ctx, m, p);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('You already have a plan for this challenge.');
    throw err;
  }
}

export async function listPlans(ctx: Ctx, m: Member): Promise<PlanSummary[]> {
  const rows = await ctx.db
    .select()
    .from(plans)
    .where(eq(plans.userId, m.id))
    .orderBy(desc(plans.createdAt), desc(plans.id));
  const today = todayOf(ctx, m);
  const out: PlanSummary[] = [];
  for (const p of rows)
    out.push(summaryDto(p, await catchUp(ctx.db, p, await sessionsOf(ctx.db, p.id), today)));
  return out;
}

export async function getPlan(ctx: Ctx, m: Member, planId: number): Promise<Plan> {
  return planDto(ctx, m, await ownPlan(ctx.db, m, planId));
}

/** The first undone session due by today among the member's active plans (oldest plan first). */
export async function todaySession(ctx: Ctx, m: Member): Promise<TodaySession> {
  const today = todayOf(ctx, m);
  const active = await ctx.db
    .select()
    .from(plans)
    .where(and(eq(plans.userId, m.id), eq(plans.status, 'active')))
    .orderBy(asc(plans.createdAt), asc(plans.id));
  for (const p of active) {
    const sessions = await catchUp(ctx.db, p, await sessionsOf(ctx.db, p.id), today);
    const next = sessions.find((s) => s.doneAt === null);
    if (next && next.dueOn <= today)
      return { today, plan: summaryDto(p, sessions), session: sessionDto(next) };
  }
  return { today, plan: null, session: null };
}

/** The session a member may record now: the plan's first undone one, due by today. */
async function nextSession(ctx: Ctx, m: Member, p: PlanRow, sessionId?: number) {
  if (p.status !== 'active') throw badRequest(NOT_ACTIVE);
  const sessions = await catchUp(ctx.db, p, await sessionsOf(ctx.db, p.id), todayOf(ctx, m));
  const session = sessionId === undefined ? undefined : sessions.find((s) => s.id === sessionId);
  if (sessionId !== undefined && !session) throw notFound('Session not found.');
  if (session?.doneAt) throw conflict(ALREADY_RECORDED);
  const next = sessions.find((s) => s.doneAt === null);
  if (!next) throw badRequest('Every session of this plan is done.');
  if (session && session.id !== next.id)
    throw badRequest('Do the sessions in order: an earlier one is not done yet.');
  return { next, sessions };
}

/**
 * Records a session as done. A resend with the key it was recorded with is answered as the first
 * time (`replayed`); a session recorded already is otherwise a conflict (docs/decisions/0312).
 */
export async function recordDone(
  ctx: Ctx,
  m: Member,
  planId: number,
  sessionId: number,
  done: number[],
  key?: string,
): Promise<{ plan: Plan; replayed: boolean }> {
  const p = await ownPlan(ctx.db, m, planId);
  const replay = async () => ({ plan: await planDto(ctx, m, p), replayed: true });
  const resent = async () =>
    key !== undefined &&
    (await rowsOf<{ recorded: boolean }>(ctx.db, recordedWithSql(p.id, sessionId, key)))[0]!
      .recorded;
  if (await resent()) return replay();
  let next: Awaited<ReturnType<typeof nextSession>>['next'];
  try {
    ({ next } = await nextSession(ctx, m, p, sessionId));
  } catch (err) {
    // The same key raced itself, and the other post recorded the session since the look above.
    if (await resent()) return replay();
    throw err;
  }
  if (next.kind === 'retest')
    throw badRequest('A re-test is a test set: save it with the timer, then link it to the plan.');
  if (next.dueOn > todayOf(ctx, m)) throw badRequest('That session is not due yet.');
  if (done.length !== next.prescription?.sets.length)
    throw badRequest('Say what you did in each set.', {
      done: [`This session has ${next.prescription?.sets.length} sets`],
    });
  // Exactly once: of two posts for one session, the one that finds it undone records it.
  const updated = await ctx.db
    .update(planSessions)
    .set({ doneAt: ctx.now, done, idempotencyKey: key ?? null })
    .where(and(eq(planSessions.id, next.id), isNull(planSessions.doneAt)))
    .returning({ id: planSessions.id });
  if (updated.length === 0) {
    // The same key raced itself: the other post recorded it.
    if (await resent()) return replay();
    throw conflict(ALREADY_RECORDED);
  }
  return { plan: await planDto(ctx, m, p), replayed: false };
}

export async function linkRetest(
  ctx: Ctx,
  m: Member,
  planId: number,
  workoutId: number,
): Promise<Plan> {
  const p = await ownPlan(ctx.db, m, planId);
  const shape = shapeOrThrow(ctx, p.challenge);
  const { next, sessions } = await nextSession(ctx, m, p);
  if (next.kind !== 'retest') throw badRequest('The next session of this plan is not a re-test.');
  const w = await ownWorkout(ctx.db, m, workoutId);
  if (w.challenge !== p.challenge)
    throw badRequest('That set is not of this challenge.', {
      workoutId: ['That set is of another challenge'],
    });
  if (localDate(w.createdAt, m.timeZone) < next.dueOn)
    throw badRequest('That set was done before the re-test was due.', {
      workoutId: ['Do the re-test on or after its day'],
    });
  const last = !sessions.some((s) => s.doneAt === null && s.id !== next.id);
  try {
    await ctx.db.transaction(async (tx) => {
      const updated = await tx
        .update(planSessions)
        .set({ doneAt: ctx.now, workoutId: w.id, score: w.score })
        .where(and(eq(planSessions.id, next.id), isNull(planSessions.doneAt)))
        .returning({ id: planSessions.id });
      if (updated.length === 0) throw conflict(ALREADY_RECORDED);
      // The re-test re-places what follows (common/plans.ts): the undone sessions' prescriptions.
      const retests = [
        ...sessions.filter((s) => s.kind === 'retest' && s.score !== null && s.id !== next.id),
        { ...next, score: w.score },
      ]
        .sort((a, b) => a.week - b.week)
        .map((s) => s.score!);
      const planned = plannedSessions(shape, placingsOf(p.placedBy, retests));
      for (const s of sessions) {
        if (s.doneAt !== null || s.id === next.id || s.kind !== 'session') continue;
        const fresh = planned.find((x) => x.week === s.week && x.slot === s.slot)!;
        await tx
          .update(planSessions)
          .set({ prescription: fresh.prescription })
          .where(eq(planSessions.id, s.id));
      }
      await tx
        .update(plans)
        .set({ updatedAt: ctx.now, ...(last ? { status: 'finished' } : {}) })
        .where(eq(plans.id, p.id));
      // The last re-test finishes the plan, and earns its badge in the same transaction.
      if (last) await awardPlanFinished(tx, m.id, p.id, p.challenge);
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw badRequest('That set is already a re-test of a plan.', {
        workoutId: ['Already linked'],
      });
    throw err;
  }
  return planDto(ctx, m, await ownPlan(ctx.db, m, planId));
}

export async function act(ctx: Ctx, m: Member, planId: number, action: PlanAction): Promise<Plan> {
  const p = await ownPlan(ctx.db, m, planId);
  const today = todayOf(ctx, m);
  const setStatus = async (status: PlanRow['status'], from: readonly string[]) => {
    const updated = await ctx.db
      .update(plans)
      .set({ status, updatedAt: ctx.now })
      .where(and(eq(plans.id, p.id), inArray(plans.status, [...from])))
      .returning({ id: plans.id });
    if (updated.length === 0) throw badRequest(`This plan cannot ${action} now.`);
  };
  try {
    if (action === 'pause') await setStatus('paused', ['active']);
    else if (action === 'stop') await setStatus('stopped', ['active', 'paused']);
    else if (action === 'resume') {
      await setStatus('active', ['paused']);
      // Nothing was due while paused: the undone sessions start again from today.
      const undone = (await sessionsOf(ctx.db, p.id)).filter((s) => s.doneAt === null);
      await reDate(ctx.db, undone, nextDates(today, p.days, undone.length));
    } else {
      // Restart: week 1 again from today, placed by the latest test of the plan.
      const shape = shapeOrThrow(ctx, p.challenge);
      const sessions = await sessionsOf(ctx.db, p.id);
      const latest =
        [...sessions].reverse().find((s) => s.kind === 'retest' && s.score !== null)?.score ??
        p.placedBy;
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(plans)
          .set({ status: 'active', placedBy: latest, startOn: today, updatedAt: ctx.now })
          .where(eq(plans.id, p.id));
        await tx.delete(planSessions).where(eq(planSessions.planId, p.id));
        await tx.insert(planSessions).values(newSessions(shape, p.id, latest, p.days, today));
      });
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('You already have a plan for this challenge.');
    throw err;
  }
  return planDto(ctx, m, await ownPlan(ctx.db, m, planId));
}

export const PLAN_ENDED = 'This plan has ended: start a new one to choose its days.';

/**
 * The plan's days changed: an active plan's sessions not done move onto the new days from today
 * (in order, as a missed session moves); a paused plan only keeps the days, which its resume uses.
 * The same days again change nothing.
 */
export async function changeDays(
  ctx: Ctx,
  m: Member,
  planId: number,
  days: number[],
): Promise<Plan> {
  const p = await ownPlan(ctx.db, m, planId);
  if (p.status === 'finished' || p.status === 'stopped')
    throw badRequest(PLAN_ENDED, { days: [PLAN_ENDED] });
  if (p.days.join() === days.join()) return planDto(ctx, m, p);
  const today = todayOf(ctx, m);
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(plans)
      .set({ days, updatedAt: ctx.now })
      .where(and(eq(plans.id, p.id), inArray(plans.status, ['active', 'paused'])))
      .returning({ status: plans.status });
    if (updated.length === 0) throw badRequest(PLAN_ENDED, { days: [PLAN_ENDED] });
    if (updated[0]!.status !== 'active') return;
    const undone = (await sessionsOf(tx as unknown as Db, p.id)).filter((s) => s.doneAt === null);
    await reDate(tx as unknown as Db, undone, nextDates(today, days, undone.length));
  });
  return planDto(ctx, m, await ownPlan(ctx.db, m, planId));
}
