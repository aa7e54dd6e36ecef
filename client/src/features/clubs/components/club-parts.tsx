import { t } from '@lingui/core/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { Lock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ClubDetail } from '@common/schemas/clubs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { isNotFound } from '../api/get-club';
import { useJoinClub } from '../api/join-club';
import { membersText } from '../utils/club-words';

// What the club page (club-view.tsx) and the invite page (club-join.tsx) both show.

export interface ClubViewer {
  username: string;
  isPrivate: boolean;
}

/** What a private member reads before joining (docs/decisions/0164-clubs.md). */
export const privateJoinNote = () =>
  t`Your profile is private. In a club you are shown on its board and member list to its members, and nowhere else.`;

export function ClubHeaderSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label={t`Loading the club`}>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-24 rounded-xl" />
    </div>
  );
}

/**
 * The club once loaded; meanwhile its skeleton, and when it cannot be had, `notFound` (a 404: no
 * such club, not for this viewer, or removed) or why not with Try again.
 */
export function ClubGate({
  club,
  notFound,
  children,
}: {
  club: UseQueryResult<ClubDetail, Error>;
  notFound: ReactNode;
  children: (club: ClubDetail) => ReactNode;
}) {
  if (club.isPending) return <ClubHeaderSkeleton />;
  if (club.isError) {
    if (isNotFound(club.error)) return notFound;
    return (
      <LoadError onRetry={() => void club.refetch()}>
        {t`Could not load the club.`} {club.error.message}
      </LoadError>
    );
  }
  return children(club.data);
}

export function ClubHeading({ club }: { club: ClubDetail }) {
  return (
    <div className="grid gap-1">
      <h1 className="break-words text-2xl font-extrabold">{club.name}</h1>
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        {club.visibility === 'invite' ? (
          <Badge variant="secondary">
            <Lock className="mr-1 size-3" aria-hidden="true" />
            {t`Invite only`}
          </Badge>
        ) : (
          <Badge variant="secondary">{t`Public`}</Badge>
        )}
        <span className="inline-flex items-center gap-1">
          <Users className="size-4" aria-hidden="true" />
          {membersText(club.memberCount)}
        </span>
      </p>
      {club.description ? (
        <p className="whitespace-pre-line break-words">{club.description}</p>
      ) : null}
    </div>
  );
}

const joinError = (why: string) => t`Could not join: ${why}`;

/** Join (with the invite code, from an invite link), after the note a private member reads first. */
export function JoinClubButton({
  slug,
  code,
  viewer,
  children,
  onJoined,
  wide = false,
}: {
  slug: string;
  code?: string;
  viewer: ClubViewer;
  children: ReactNode;
  onJoined?: (club: ClubDetail) => void;
  /** The whole width (the invite page's one action), else at the start of the row. */
  wide?: boolean;
}) {
  const join = useJoinClub();
  return (
    <div className="grid gap-2">
      {viewer.isPrivate ? (
        <p className="text-sm text-muted-foreground">{privateJoinNote()}</p>
      ) : null}
      <Button
        className={wide ? undefined : 'justify-self-start'}
        disabled={join.isPending}
        onClick={() =>
          join.mutate(
            { slug, code },
            {
              onSuccess: (joined) => {
                const name = joined.name;
                toast({ title: t`You joined ${name}` });
                onJoined?.(joined);
              },
            },
          )
        }
      >
        {children}
      </Button>
      {/* Said where the press was (a member an admin removed reads why, and keeps reading it). */}
      {join.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {joinError(join.error.message.replace(/^\d{3}: /, ''))}
        </p>
      ) : null}
    </div>
  );
}
