import { t } from '@lingui/core/macro';
import { Lock, Users } from 'lucide-react';
import { Link } from 'wouter';
import type { ClubSummary } from '@common/schemas/clubs';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';

import { membersText } from '../utils/club-words';

/** One club in a list: its name (a link to its page), members, and the viewer's role. */
export function ClubCard({ club }: { club: ClubSummary }) {
  return (
    <Link
      href={paths.club.getHref(club.slug)}
      className="flex min-h-16 items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 shadow-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Users className="size-5" aria-hidden="true" />
      </span>
      <span className="grid min-w-0 flex-1">
        <span className="truncate font-semibold">{club.name}</span>
        <span className="flex items-center gap-1 text-sm text-muted-foreground">
          {club.visibility === 'invite' ? (
            <>
              <Lock className="size-3.5" aria-hidden="true" />
              {t`Invite only`} ·{' '}
            </>
          ) : null}
          {membersText(club.memberCount)}
        </span>
      </span>
      {club.myRole === 'admin' ? <Badge>{t`Admin`}</Badge> : null}
    </Link>
  );
}
