import { t } from '@lingui/core/macro';
import { ArrowDown, ArrowUp, Equal, Sparkles } from 'lucide-react';
import { sayShared } from '@/lib/i18n';
import { formatScore, type OpenChallenge } from '@common/challenges';
import { compareScores, type Comparison, type ScoreOf } from '@common/run-payoff';
import { cn } from '@/lib/utils';
import { PaceChart } from './pace-chart';

export interface RunPayoffProps {
  challenge: OpenChallenge;
  /** The set just saved. */
  set: ScoreOf;
  /**
   * The member's latest set before this one (null: not known), and their best before it (the
   * save's answer; null: this is their first set of the challenge, celebrated).
   */
  last: ScoreOf | null;
  best: ScoreOf | null;
  /** Reps per 15 s of the run (common/run-payoff.ts); null: not a counted run, or nothing counted. */
  pace: readonly number[] | null;
}

const ARROWS = { up: ArrowUp, down: ArrowDown, same: Equal } as const;

function Against({
  label,
  other,
  comparison,
  challenge,
}: {
  label: string;
  other: ScoreOf;
  comparison: Comparison;
  challenge: OpenChallenge;
}) {
  const Arrow = ARROWS[comparison.direction];
  const theirs = formatScore(challenge.scoring, other.score, other.capped ?? false);
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg bg-muted px-3 py-2 text-left text-sm">
      <span>
        {label} <span className="text-muted-foreground">({theirs})</span>
      </span>
      <span
        className={cn(
          'flex shrink-0 items-center gap-1 font-semibold',
          comparison.direction === 'up' ? 'text-primary' : 'text-foreground',
        )}
      >
        <Arrow className="size-4" aria-hidden="true" />
        {comparison.text}
      </span>
    </li>
  );
}

/** A short pop-in for the first set, unless the member asked for less motion. */
function pop(el: HTMLElement | null) {
  if (!el || typeof el.animate !== 'function') return;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  el.animate(
    [
      { transform: 'scale(0.92)', opacity: 0 },
      { transform: 'scale(1.03)', opacity: 1, offset: 0.6 },
      { transform: 'scale(1)', opacity: 1 },
    ],
    { duration: 600, easing: 'ease-out' },
  );
}

/** The first set of a challenge: its own moment, and the number to beat from now on. */
function FirstSet({ challenge, set }: { challenge: OpenChallenge; set: ScoreOf }) {
  const title = sayShared(challenge.title)!;
  const score = formatScore(challenge.scoring, set.score, set.capped ?? false);
  return (
    <div
      ref={pop}
      className="grid justify-items-center gap-1 rounded-xl border-2 border-primary/40 bg-accent/50 px-4 py-3 text-accent-foreground"
      data-testid="first-set"
    >
      <Sparkles className="size-7 text-primary" aria-hidden="true" />
      <p className="text-lg font-extrabold">{t`Your first ${title} set!`}</p>
      <p className="text-sm">{t`${score} is your number to beat from now on.`}</p>
    </div>
  );
}

/**
 * The run's payoff on Workout Saved: this set against the last one and the best (up or down, by
 * how much, in the challenge's words), or the first set celebrated; and the run's pace.
 * docs/decisions/0224-the-runs-payoff.md
 */
export function RunPayoff({ challenge, set, last, best, pace }: RunPayoffProps) {
  const { scoring } = challenge;
  return (
    <section aria-label={t`How this set went`} className="grid gap-3" data-testid="run-payoff">
      {best === null ? (
        <FirstSet challenge={challenge} set={set} />
      ) : (
        <ul className="grid gap-2">
          {last ? (
            <Against
              label={t`Against your last set`}
              other={last}
              comparison={compareScores(scoring, set, last)}
              challenge={challenge}
            />
          ) : null}
          {best ? (
            <Against
              label={t`Against your best`}
              other={best}
              comparison={compareScores(scoring, set, best)}
              challenge={challenge}
            />
          ) : null}
        </ul>
      )}
      {pace ? <PaceChart pace={pace} /> : null}
    </section>
  );
}
