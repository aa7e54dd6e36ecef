import type { PlanSession, PlanSummary } from '@common/schemas/plans';
import type { planSessions, plans } from '../../db/schema';

// A plan's rows as the API answers them (common/schemas/plans.ts).

export type PlanRow = typeof plans.$inferSelect;
export type SessionRow = typeof planSessions.$inferSelect;

export const sessionDto = (s: SessionRow): PlanSession => ({
  id: s.id,
  week: s.week,
  slot: s.slot,
  kind: s.kind as PlanSession['kind'],
  dueOn: s.dueOn,
  doneAt: s.doneAt?.toISOString() ?? null,
  prescription: s.prescription ?? null,
  done: s.done ?? null,
  workoutId: s.workoutId,
  score: s.score,
});

export function summaryDto(p: PlanRow, sessions: readonly SessionRow[]): PlanSummary {
  const next = sessions.find((s) => s.doneAt === null);
  return {
    id: p.id,
    challenge: p.challenge,
    status: p.status as PlanSummary['status'],
    days: p.days,
    placedBy: p.placedBy,
    startOn: p.startOn,
    createdAt: p.createdAt.toISOString(),
    sessionsDone: sessions.filter((s) => s.doneAt !== null).length,
    sessionsTotal: sessions.length,
    nextDueOn: next?.dueOn ?? null,
  };
}
