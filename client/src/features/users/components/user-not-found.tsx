import { t } from '@lingui/core/macro';
import { UserX } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { figure, withFigures } from '../utils/with-figures';

export function UserNotFound({ username }: { username: string }) {
  const name = figure(0);
  return (
    <section
      aria-labelledby="user-not-found-title"
      className="grid justify-items-center gap-4 py-12 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <UserX className="size-8" aria-hidden="true" />
      </span>
      <h1 id="user-not-found-title" className="text-2xl font-extrabold tracking-tight">
        {t`User Not Found`}
      </h1>
      <p className="max-w-sm text-muted-foreground">
        {withFigures(
          t`We couldn't find a member called ${name}. The name may be misspelled, or the account no longer exists.`,
          [
            <span key="name" className="font-semibold text-foreground">
              {username}
            </span>,
          ],
        )}
      </p>
      <Button asChild size="lg">
        <Link href={paths.leaderboard.getHref()}>{t`Go to Leaderboard`}</Link>
      </Button>
    </section>
  );
}
