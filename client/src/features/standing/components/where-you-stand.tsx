import { BadgeCheck, Info, Users } from 'lucide-react';
import type { OpenChallenge } from '@common/challenges';
import type { NormBandDto, Standing, StandingGroup } from '@common/schemas/standing';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useStanding, type PlacedScore } from '../api/get-standing';

// "Where you stand" (docs/decisions/0221-where-you-stand.md, 0223-the-where-you-stand-card.md):
// the member among FitBench's members of their age band and gender, among verified sets where
// there are enough, and the published norm bands with their source one tap away.

export interface WhereYouStandProps {
  challenge: OpenChallenge;
  /** The set just saved, placed instead of the member's best (the after-set screen). */
  placed?: PlacedScore;
  className?: string;
}

/** "Better than 72 % of women 30-39 on FitBench", or why there is no figure yet. */
export function groupSentence(g: StandingGroup, minMembers: number): string {
  if (g.betterThan !== null) return `Better than ${g.betterThan} % of ${g.label} on FitBench`;
  return `Not enough members yet among ${g.label} (${g.members} of ${minMembers})`;
}

/** "CSEP guide: Good for men 30-39", "USMC: Passing for everyone". */
export function normSentence(n: NormBandDto): string {
  return `${n.name}${n.guide ? ' guide' : ''}: ${n.band} for ${n.group}`;
}

function NormLine({ norm }: { norm: NormBandDto }) {
  return (
    <li className="grid gap-1">
      <details className="group rounded-lg bg-muted/60 px-3 py-1 text-left">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 font-semibold">
          <span>{normSentence(norm)}</span>
          <span className="inline-flex shrink-0 items-center gap-1 text-sm text-primary">
            <Info className="size-4" aria-hidden="true" />
            Source
          </span>
        </summary>
        <div className="grid gap-2 pb-2 text-sm">
          <p>{norm.protocol}</p>
          {norm.guide ? (
            <p className="font-semibold">
              A guide only: FitBench&apos;s test is not the one these figures were measured with.
            </p>
          ) : null}
          <ul className="grid gap-1">
            {norm.sources.map((s) => (
              <li key={s.url}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noreferrer"
                  className="font-semibold text-primary underline underline-offset-4"
                >
                  {s.title}
                </a>{' '}
                <span className="text-muted-foreground">
                  ({s.publisher}, {s.year})
                </span>
              </li>
            ))}
          </ul>
        </div>
      </details>
    </li>
  );
}

function Body({ standing }: { standing: Standing }) {
  if (standing.score === null)
    return (
      <p className="text-sm text-muted-foreground">
        Do a set to see where you stand among members of your age.
      </p>
    );
  const [mine, ...wider] = standing.groups;
  return (
    <div className="grid gap-3">
      {mine ? (
        <div className="grid gap-1">
          <p className="text-lg font-extrabold" data-testid="standing-main">
            {groupSentence(mine, standing.minMembers)}
          </p>
          {mine.verified?.betterThan != null ? (
            <p className="flex items-center gap-1 text-sm font-semibold">
              <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
              Among verified sets: better than {mine.verified.betterThan} %
            </p>
          ) : null}
        </div>
      ) : null}
      {wider.length ? (
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {wider.map((g) => (
            <li key={g.label}>
              {groupSentence(g, standing.minMembers)}
              {g.verified?.betterThan != null ? `; verified sets: ${g.verified.betterThan} %` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {standing.norms.length ? (
        <ul className="grid gap-2" aria-label="Published norms">
          {standing.norms.map((n) => (
            <NormLine key={n.norm} norm={n} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The "Where you stand" card: on the challenge home and after each set. Signed-in members only. */
export function WhereYouStand({ challenge, placed, className }: WhereYouStandProps) {
  const standing = useStanding(challenge.id, placed);
  return (
    <section
      aria-labelledby={`standing-title-${challenge.id}`}
      className={cn(
        'grid gap-3 rounded-xl border bg-card p-4 text-left text-card-foreground',
        className,
      )}
      data-testid="where-you-stand"
    >
      <h2
        id={`standing-title-${challenge.id}`}
        className="flex items-center gap-2 text-lg font-bold leading-tight"
      >
        <Users className="size-5 text-primary" aria-hidden="true" />
        Where you stand
      </h2>
      {placed ? (
        <p className="text-sm text-muted-foreground">This set, among members&apos; best sets.</p>
      ) : null}
      {standing.isPending ? (
        <Skeleton className="h-16" />
      ) : standing.isError ? (
        <p role="alert" className="text-sm">
          Could not load where you stand. {standing.error.message}
        </p>
      ) : (
        <Body standing={standing.data} />
      )}
    </section>
  );
}
