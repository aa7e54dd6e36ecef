import { t } from '@lingui/core/macro';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { type Challenge, type OpenChallenge } from '@common/challenges';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { servedChallenges } from '@/lib/challenges';
import { sayShared } from '@/lib/i18n';

type RenderIcon = (challenge: Challenge) => ReactNode;
/** What an open challenge's card says of the member's sets in it (their best, in its unit). */
type RenderBest = (challenge: OpenChallenge) => ReactNode;

function CardBody({
  challenge,
  renderIcon,
  best,
}: {
  challenge: Challenge;
  renderIcon: RenderIcon;
  best?: ReactNode;
}) {
  return (
    <>
      {renderIcon(challenge)}
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-semibold leading-snug">{sayShared(challenge.title)}</span>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span>
            {sayShared(challenge.duration)} ·{' '}
            <span className="capitalize">{sayShared(challenge.difficulty)}</span>
          </span>
          {challenge.isActive ? null : <Badge variant="secondary">{t`Coming Soon`}</Badge>}
        </span>
      </span>
      {best}
    </>
  );
}

/**
 * The user's challenges: each open one opens its stats page (/profile/{id}), the others are coming
 * soon. Icons and bests come from the route, which composes the challenges and workouts features.
 */
export function ChallengeCards({
  renderIcon,
  renderBest,
}: {
  renderIcon: RenderIcon;
  renderBest?: RenderBest;
}) {
  return (
    <ul className="grid gap-2">
      {servedChallenges().map((c) => (
        <li key={c.id}>
          {c.isActive ? (
            <Link
              href={paths.challengeStats.getHref(c.id)}
              className="flex min-h-16 items-center gap-3 rounded-xl border border-border bg-card px-3 py-2 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <CardBody
                challenge={c}
                renderIcon={renderIcon}
                best={renderBest ? renderBest(c as OpenChallenge) : undefined}
              />
              <span className="sr-only">{t`: view your stats`}</span>
              <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            </Link>
          ) : (
            <div className="flex min-h-16 items-center gap-3 rounded-xl border border-border bg-muted/40 px-3 py-2">
              <CardBody challenge={c} renderIcon={renderIcon} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
