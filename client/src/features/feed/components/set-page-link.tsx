import { t } from '@lingui/core/macro';
import { MessageCircle } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';

/** A set's kudos and comments, from a row of a profile's list: its own page. */
export function SetPageLink({ workoutId }: { workoutId: number }) {
  return (
    <Link
      href={paths.set.getHref(workoutId)}
      aria-label={t`Kudos and comments`}
      title={t`Kudos and comments`}
      className="flex min-h-14 w-12 shrink-0 items-center justify-center border-l border-border text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      data-testid="set-page-link"
    >
      <MessageCircle aria-hidden="true" className="size-4" />
    </Link>
  );
}
