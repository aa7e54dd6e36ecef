import { t } from '@lingui/core/macro';
import { BadgeCheck, Info, Users } from 'lucide-react';
import { sayShared } from '@/lib/i18n';
import type { OpenChallenge } from '@common/challenges';
import { groupLabel } from '@common/standing';
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
  // Said here, in the page's language (the API's label is in the language it was asked in).
  const group = groupLabel(g);
  const percent = g.betterThan;
  if (percent !== null) return t`Better than ${percent} % of ${group} on FitBench`;
  const members = g.members;
  return t`Not enough members yet among ${group} (${members} of ${minMembers})`;
}

/** "CSEP guide: Good for men 30-39", "USMC: Passing for everyone". */
export function normSentence(n: NormBandDto): string {
  const name = n.name;
  const band = sayShared(n.band)!;
  const group = sayShared(n.group)!;
  return n.guide ? t`${name} guide: ${band} for ${group}` : t`${name}: ${band} for ${group}`;
}

/** A wider group's sentence and its verified sets' figure: "…; verified sets: 64 %". */
const withVerified = (sentence: string, percent: number) =>
  t`${sentence}; verified sets: ${percent} %`;

function NormLine({ norm }: { norm: NormBandDto }) {
  return (
    <li className="grid gap-1">
      <details className="group rounded-lg bg-muted/60 px-3 py-1 text-left">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 font-semibold">
          <span>{normSentence(norm)}</span>
          <span className="inline-flex shrink-0 items-center gap-1 text-sm text-primary">
            <Info className="size-4" aria-hidden="true" />
            {t`Source`}
          </span>
        </summary>
        <div className="grid gap-2 pb-2 text-sm">
          <p>{sayShared(norm.protocol)}</p>
          {norm.guide ? (
            <p className="font-semibold">
              {t`A guide only: FitBench's test is not the one these figures were measured with.`}
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
        {t`Do a set to see where you stand among members of your age.`}
      </p>
    );
  const [mine, ...wider] = standing.groups;
  const verified = mine?.verified?.betterThan;
  return (
    <div className="grid gap-3">
      {mine ? (
        <div className="grid gap-1">
          <p className="text-lg font-extrabold" data-testid="standing-main">
            {groupSentence(mine, standing.minMembers)}
          </p>
          {verified != null ? (
            <p className="flex items-center gap-1 text-sm font-semibold">
              <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
              {t`Among verified sets: better than ${verified} %`}
            </p>
          ) : null}
        </div>
      ) : null}
      {wider.length ? (
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {wider.map((g) => (
            <li key={g.label}>
              {g.verified?.betterThan != null
                ? withVerified(groupSentence(g, standing.minMembers), g.verified.betterThan)
                : groupSentence(g, standing.minMembers)}
            </li>
          ))}
        </ul>
      ) : null}
      {standing.norms.length ? (
        <ul className="grid gap-2" aria-label={t`Published norms`}>
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
        {t`Where you stand`}
      </h2>
      {placed ? (
        <p className="text-sm text-muted-foreground">{t`This set, among members' best sets.`}</p>
      ) : null}
      {standing.isPending ? (
        <Skeleton className="h-16" />
      ) : standing.isError ? (
        <p role="alert" className="text-sm">
          {t`Could not load where you stand.`} {standing.error.message}
        </p>
      ) : (
        <Body standing={standing.data} />
      )}
    </section>
  );
}
