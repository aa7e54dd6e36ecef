import { plural, t } from '@lingui/core/macro';
import { ArrowRight, Check, Flag, Minus, Undo2 } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { sayShared } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import {
  isLastPart,
  movementText,
  movementTitle,
  repsDone,
  repsLeft,
  totalReps,
  type PartState,
} from '../utils/program';
import type { ProgramPlan } from '../utils/timeline';

// What a program run shows under its clock: the round and its movements, or the movement and its
// reps left, with the taps (program-run.tsx).

type RoundsPlan = Extract<ProgramPlan, { mode: 'rounds' }>;
type ForTimePlan = Extract<ProgramPlan, { mode: 'for-time' }>;

// Short screens (a 320x568 phone) get a tighter card and smaller numbers; each class written out
// whole for Tailwind.
const CARD =
  'shrink-0 rounded-xl border border-border bg-card px-3 py-2 text-center [@media(max-height:40rem)]:py-1';
const BIG_TAP =
  'flex min-h-16 w-full touch-manipulation select-none flex-col items-center justify-center rounded-2xl bg-primary p-2 text-primary-foreground shadow-lg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring focus-visible:ring-offset-2';
const SMALL_TAP =
  'flex min-h-10 touch-manipulation select-none items-center justify-center gap-1 rounded-xl border-2 border-primary/40 bg-accent/50 px-3 text-xl font-extrabold text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * A tap target that holds the focus during the 3-2-1 (aria-disabled, not disabled) but acts only
 * once the run is on. It acts on click, not on pointerdown as the count pad does: a tap may end
 * the run, and the rest of that tap (its mouseup and click) must not land on the score entry that
 * takes the screen's place.
 */
function TapButton({
  onTap,
  running,
  label,
  className,
  buttonRef,
  testId,
  children,
}: {
  onTap: () => void;
  running: boolean;
  label: string;
  className: string;
  buttonRef?: RefObject<HTMLButtonElement | null>;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-disabled={!running}
      aria-label={label}
      onClick={onTap}
      className={cn(className, running ? 'cursor-pointer active:scale-[0.99]' : 'opacity-50')}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/** The round being done, its movements ("5 push-ups (knees allowed)"), and Round done. */
export function RoundsPanel({
  plan,
  rounds,
  running,
  mainRef,
  onRound,
  cancel,
}: {
  plan: RoundsPlan;
  rounds: number;
  running: boolean;
  mainRef: RefObject<HTMLButtonElement | null>;
  onRound: (n: 1 | -1) => void;
  /** Cancel, beside the panel's own controls (none while the discard question is asked). */
  cancel: ReactNode;
}) {
  const round = rounds + 1;
  return (
    <>
      <div className={CARD}>
        <p
          className="text-2xl font-extrabold [@media(max-height:40rem)]:text-xl"
          data-testid="program-round"
        >
          {t`Round ${round}`}
        </p>
        <ul
          className="text-base font-semibold [@media(max-height:40rem)]:text-sm"
          data-testid="program-movements"
        >
          {plan.round.map((m) => (
            <li key={m.name}>{movementText(m)}</li>
          ))}
        </ul>
      </div>
      <TapButton
        onTap={() => onRound(1)}
        running={running}
        label={t`Round done. Rounds finished: ${rounds}`}
        className={cn(BIG_TAP, 'flex-1')}
        buttonRef={mainRef}
        testId="round-done"
      >
        <Check aria-hidden="true" className="size-8 [@media(max-height:40rem)]:size-6" />
        <span className="text-3xl font-extrabold [@media(max-height:40rem)]:text-2xl">
          {t`Round done`}
        </span>
        <span className="text-sm font-semibold" data-testid="rounds-finished">
          {plural(rounds, { one: '# round finished', other: '# rounds finished' })}
        </span>
      </TapButton>
      <div className="flex shrink-0 items-center justify-center gap-2">
        <Button
          type="button"
          variant="ghost"
          disabled={rounds === 0 || !running}
          onClick={() => onRound(-1)}
        >
          <Undo2 aria-hidden="true" />
          {t`Undo a round`}
        </Button>
        {cancel}
      </div>
    </>
  );
}

/** Next's label: "Next: Air squats". */
function nextWords(title: string): string {
  return t`Next: ${title}`;
}

/** The movement, its reps left, the reps done of all, and +10, +1, -1 and Next (or Finish). */
export function ForTimePanel({
  plan,
  state,
  running,
  mainRef,
  onReps,
  onNext,
  cancel,
}: {
  plan: ForTimePlan;
  state: PartState;
  running: boolean;
  mainRef: RefObject<HTMLButtonElement | null>;
  onReps: (n: number) => void;
  onNext: () => void;
  /** Cancel, beside Next (none while the discard question is asked). */
  cancel: ReactNode;
}) {
  const part = plan.parts[state.part]!;
  const left = repsLeft(plan, state);
  const last = isLastPart(plan, state);
  const next = plan.parts[state.part + 1];
  const movement = state.part + 1;
  const movements = plan.parts.length;
  const reps = part.reps;
  const done = repsDone(plan, state);
  const total = totalReps(plan);
  const then = next ? movementText(next) : null;
  const name = sayShared(part.name) ?? part.name;
  const tapReps = plan.tapReps;
  return (
    <>
      <div className={CARD}>
        <p className="flex items-baseline justify-center gap-2">
          <span
            className="text-2xl font-extrabold [@media(max-height:40rem)]:text-xl"
            data-testid="program-movement"
          >
            {movementTitle(part)}
          </span>
          <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {t`Movement ${movement} of ${movements}`}
          </span>
        </p>
        <p className="flex items-baseline justify-center gap-2">
          <span
            className="text-5xl font-extrabold tabular-nums [@media(max-height:40rem)]:text-4xl"
            data-testid="reps-left"
          >
            {left}
          </span>
          <span className="text-sm font-semibold text-muted-foreground">{t`left of ${reps}`}</span>
        </p>
        <p className="text-xs text-muted-foreground" data-testid="reps-done">
          {then
            ? t`${done} of ${total} reps done · then ${then}`
            : t`${done} of ${total} reps done`}
        </p>
      </div>
      <div className="grid min-h-0 flex-1 grid-cols-[2fr_1fr] gap-2">
        <TapButton
          onTap={() => onReps(plan.tapReps)}
          running={running}
          label={t`Add ${tapReps} ${name}. ${left} left`}
          className={cn(BIG_TAP, 'h-full')}
          buttonRef={mainRef}
          testId="reps-add-tap"
        >
          <span className="text-5xl font-extrabold tabular-nums [@media(max-height:40rem)]:text-4xl">
            +{plan.tapReps}
          </span>
        </TapButton>
        <div className="grid gap-2">
          <TapButton
            onTap={() => onReps(1)}
            running={running}
            label={t`Add 1 of ${name}`}
            className={SMALL_TAP}
            testId="reps-add-one"
          >
            +1
          </TapButton>
          <TapButton
            onTap={() => onReps(-1)}
            running={running}
            label={t`Take back 1 rep`}
            className={SMALL_TAP}
            testId="reps-take-one"
          >
            <Minus aria-hidden="true" className="size-5" />1
          </TapButton>
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {cancel}
        <Button
          type="button"
          variant={last ? 'default' : 'outline'}
          className="flex-1"
          aria-disabled={!running}
          onClick={() => {
            if (running) onNext();
          }}
          data-testid="program-next"
        >
          {last ? <Flag aria-hidden="true" /> : <ArrowRight aria-hidden="true" />}
          {last ? t`Finish` : nextWords(movementTitle(next!))}
        </Button>
      </div>
    </>
  );
}
