import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CHALLENGES, type Challenge } from '@common/challenges';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';

type RenderIcon = (challenge: Challenge) => ReactNode;

function CardBody({ challenge, renderIcon }: { challenge: Challenge; renderIcon: RenderIcon }) {
  return (
    <>
      {renderIcon(challenge)}
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-semibold leading-snug">{challenge.title}</span>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span>
            {challenge.duration} · <span className="capitalize">{challenge.difficulty}</span>
          </span>
          {challenge.isActive ? null : <Badge variant="secondary">Coming Soon</Badge>}
        </span>
      </span>
    </>
  );
}

/**
 * The user's challenges: the active one opens its stats page, the others are coming soon.
 * Icons come from the route, which composes the challenges feature's icon set.
 */
export function ChallengeCards({ renderIcon }: { renderIcon: RenderIcon }) {
  return (
    <ul className="grid gap-2">
      {CHALLENGES.map((c) => (
        <li key={c.id}>
          {c.isActive ? (
            <Link
              href={paths.challengeStats.getHref(c.id)}
              className="flex min-h-16 items-center gap-3 rounded-xl border border-border bg-card px-3 py-2 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <CardBody challenge={c} renderIcon={renderIcon} />
              <span className="sr-only">: view your stats</span>
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
