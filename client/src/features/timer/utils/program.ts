import { t } from '@lingui/core/macro';
import type { Movement } from '@common/challenges';
import { sayShared } from '@/lib/i18n';
import type { RunPlan } from './timeline';

// What the member has tapped during an interval program, apart from the clock (utils/timeline.ts):
// the rounds finished, or the movement they are on and its reps. Pure, so a reload rebuilds it
// from what utils/saved-set.ts kept. docs/decisions/0218-the-program-run.md

type ForTimePlan = Extract<RunPlan, { mode: 'for-time' }>;

/** Where a run for time stands: the movement (index into `parts`) and the reps of it tapped. */
export interface PartState {
  part: number;
  partReps: number;
}

export const START: PartState = { part: 0, partReps: 0 };

/** "5 push-ups (knees allowed)", the catalogue's words in the page's language. */
export function movementText(m: Movement): string {
  const reps = m.reps;
  const name = sayShared(m.name) ?? m.name;
  const note = m.note ? (sayShared(m.note) ?? m.note) : null;
  return note ? t`${reps} ${name} (${note})` : t`${reps} ${name}`;
}

/** "Push-ups". */
export function movementTitle(m: Movement): string {
  const name = sayShared(m.name) ?? m.name;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** The reps of every movement before `part`: done, since the member moved past them. */
const repsBefore = (plan: ForTimePlan, part: number) =>
  plan.parts.slice(0, part).reduce((sum, m) => sum + m.reps, 0);

/** Every rep of the program (400). */
export const totalReps = (plan: ForTimePlan) => repsBefore(plan, plan.parts.length);

/** Reps done so far: the movements moved past, whole, and the current one's taps. */
export const repsDone = (plan: ForTimePlan, s: PartState) => repsBefore(plan, s.part) + s.partReps;

/** Reps left of the current movement. */
export const repsLeft = (plan: ForTimePlan, s: PartState) => plan.parts[s.part]!.reps - s.partReps;

/** Whether the movement is the program's last. */
export const isLastPart = (plan: ForTimePlan, s: PartState) => s.part >= plan.parts.length - 1;

/** A state read back from storage, made to fit the plan (a catalogue that changed, a hand-edited value). */
export function clampState(plan: ForTimePlan, s: Partial<PartState>): PartState {
  const part = Math.min(Math.max(0, Math.trunc(s.part ?? 0)), plan.parts.length - 1);
  const partReps = Math.min(Math.max(0, Math.trunc(s.partReps ?? 0)), plan.parts[part]!.reps - 1);
  return { part, partReps: Number.isFinite(partReps) ? partReps : 0 };
}

export type Step =
  /** Still on the same movement. */
  | { kind: 'same'; state: PartState }
  /** On to the next movement (its reps all tapped, or "Next"). */
  | { kind: 'next'; state: PartState }
  /** The last movement is done: the clock stops. */
  | { kind: 'finished'; state: PartState };

/**
 * `reps` more of the current movement (+10, +1; -1 takes one back, never below 0). Tapping its
 * last rep moves on to the next movement; the last movement's last rep finishes the program.
 */
export function addReps(plan: ForTimePlan, s: PartState, reps: number): Step {
  const of = plan.parts[s.part]!.reps;
  const partReps = Math.min(of, Math.max(0, s.partReps + reps));
  if (partReps < of) return { kind: 'same', state: { part: s.part, partReps } };
  return nextPart(plan, s);
}

/** "Next" (or "Finish" on the last movement): the current movement counts as done. */
export function nextPart(plan: ForTimePlan, s: PartState): Step {
  if (isLastPart(plan, s))
    return { kind: 'finished', state: { part: s.part, partReps: plan.parts[s.part]!.reps } };
  return { kind: 'next', state: { part: s.part + 1, partReps: 0 } };
}

/**
 * Reps done reached a new hundred ("100 reps done"), the halfway mark said as such; null
 * otherwise. `before` and `after` are reps done.
 */
export function milestoneBetween(plan: ForTimePlan, before: number, after: number): string | null {
  const total = totalReps(plan);
  const hundred = Math.floor(after / 100) * 100;
  if (hundred <= before || hundred === 0 || hundred >= total) return null;
  return hundred * 2 === total ? t`Halfway! ${hundred} reps done` : t`${hundred} reps done`;
}
