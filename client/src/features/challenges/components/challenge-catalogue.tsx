import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Challenge } from '@common/challenges';
import { CATALOGUE_SKELETON_MS } from '@common/constants';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardFooter, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { CHALLENGE_COLORS, ChallengeIcon } from './challenge-icon';
import { paths } from '@/config/paths';
import { servedChallenges } from '@/lib/challenges';
import { msg, t } from '@lingui/core/macro';
import { i18n, sayShared } from '@/lib/i18n';

const DIFFICULTY_LABEL = {
  beginner: msg`Beginner`,
  intermediate: msg`Intermediate`,
  advanced: msg`Advanced`,
};

/** A catalogue word from common/ (title, description, duration, focus) in the page's language. */
const shared = (word: string) => sayShared(word) ?? word;

function ChallengeCard({ challenge, signedIn }: { challenge: Challenge; signedIn: boolean }) {
  const title = shared(challenge.title);
  return (
    <Card
      className={cn('flex flex-col', !challenge.isActive && 'bg-muted/40')}
      data-testid={`challenge-${challenge.id}`}
    >
      <div className="flex items-start gap-4 p-5">
        <span
          className={cn(
            'flex size-12 shrink-0 items-center justify-center rounded-xl',
            CHALLENGE_COLORS[challenge.color],
          )}
        >
          <ChallengeIcon icon={challenge.icon} className="size-6" />
        </span>
        <div className="grid gap-1">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{shared(challenge.description)}</CardDescription>
        </div>
      </div>
      <CardContent className="grid flex-1 gap-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="outline">{i18n._(DIFFICULTY_LABEL[challenge.difficulty])}</Badge>
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <Clock className="size-4" aria-hidden="true" />
            {shared(challenge.duration)}
          </span>
        </div>
        <ul className="flex flex-wrap gap-2" aria-label={t`Focus areas`}>
          {challenge.focus.map((f) => (
            <li key={f}>
              <Badge variant="secondary" className="capitalize">
                {shared(f)}
              </Badge>
            </li>
          ))}
        </ul>
      </CardContent>
      {/* Each card's button names its challenge for a screen reader's list of links (not five alike);
          the visible words come first, so a spoken "Start Challenge" still finds it. */}
      <CardFooter>
        {challenge.isActive ? (
          // The button's look on the link itself, not <Button asChild>: the first script then
          // carries no Radix Slot (docs/decisions/0061-js-budget-on-root.md).
          <Link
            href={
              signedIn
                ? paths.timer.getHref(challenge.id)
                : paths.auth.getHref(paths.timer.getHref(challenge.id))
            }
            className={buttonVariants({ className: 'w-full' })}
            aria-label={signedIn ? t`Start Challenge: ${title}` : t`Try Challenge: ${title}`}
          >
            {signedIn ? t`Start Challenge` : t`Try Challenge`}
          </Link>
        ) : (
          <button
            type="button"
            className={buttonVariants({ variant: 'secondary', className: 'w-full' })}
            aria-label={t`Coming Soon: ${title}`}
            disabled
          >
            {t`Coming Soon`}
          </button>
        )}
      </CardFooter>
    </Card>
  );
}

// Whether this page load has shown the catalogue once: the skeleton is for the first load only,
// a later visit (Home, the logo, Back) shows the list at once.
let loadedOnce = false;

/** Every challenge of the catalogue, open or Coming Soon as this server set them (CHALLENGES). */
export function ChallengeCatalogue({ signedIn }: { signedIn: boolean }) {
  const challenges = servedChallenges();
  // A 1 s skeleton (docs/product.md#challenge-catalogue) before the (client-side) list appears,
  // on the first load (docs/decisions/0202-toasts-at-the-foot-and-polish.md).
  const [ready, setReady] = useState(loadedOnce);
  useEffect(() => {
    if (ready) return;
    const id = setTimeout(() => {
      loadedOnce = true;
      setReady(true);
    }, CATALOGUE_SKELETON_MS);
    return () => clearTimeout(id);
  }, [ready]);

  if (!ready) {
    return (
      <div
        className="grid gap-4 sm:grid-cols-2"
        aria-busy="true"
        aria-label={t`Loading challenges`}
      >
        {challenges.map((c) => (
          <Skeleton key={c.id} className="h-64" data-testid="challenge-skeleton" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {challenges.map((c) => (
        <ChallengeCard key={c.id} challenge={c} signedIn={signedIn} />
      ))}
    </div>
  );
}
