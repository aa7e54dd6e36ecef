import { plural, t } from '@lingui/core/macro';
import { LogOut, UserMinus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { ClubDetail } from '@common/schemas/clubs';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { MissingPanel } from '@/components/ui/missing-panel';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useClub } from '../api/get-club';
import { useLeaveClub } from '../api/leave-club';
import { useLetBackIn } from '../api/let-back-in';
import { useRemoveMember } from '../api/remove-member';
import { ClubChallenges } from './club-challenges';
import { ClubGate, ClubHeading, JoinClubButton, type ClubViewer } from './club-parts';
import { ConfirmAction } from './confirm-button';
import { InvitePanel } from './invite-panel';

export type { ClubViewer } from './club-parts';

/** A 404: no such club, an invite-only one for someone not in it, or one a moderator removed. */
export function ClubNotFound() {
  return (
    <MissingPanel
      title={t`Club not found`}
      backHref={paths.clubs.getHref()}
      backLabel={t`See clubs`}
    >
      {t`There is no such club, or it is invite only. Ask one of its members for the invite link.`}
    </MissingPanel>
  );
}

function Members({ club, viewer }: { club: ClubDetail; viewer: ClubViewer | null }) {
  const remove = useRemoveMember();
  const isAdmin = club.myRole === 'admin';
  const clubName = club.name;
  const hidden = club.hiddenMembers;
  return (
    <section aria-labelledby="members-heading" className="grid gap-2">
      <h2 id="members-heading" className="text-lg font-bold">
        {t`Members`}
      </h2>
      <ul className="grid gap-1" aria-label={t`Members`}>
        {club.members.map(({ username: who, ...m }) => (
          <li key={who} className="flex min-h-12 items-center gap-3 rounded-lg px-2 py-1">
            <UserAvatar src={m.profilePicture} name={who} className="size-9" />
            <Link
              href={paths.publicProfile.getHref(who)}
              className="min-w-0 flex-1 truncate font-medium hover:underline"
            >
              {who}
            </Link>
            {m.role === 'admin' ? <Badge>{t`Admin`}</Badge> : null}
            {isAdmin && who !== viewer?.username ? (
              <ConfirmAction
                trigger={
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t`Remove ${who}`}
                    disabled={remove.isPending}
                  >
                    <UserMinus aria-hidden="true" />
                  </Button>
                }
                title={t`Remove ${who}?`}
                description={t`${who} leaves ${clubName} and its board, and cannot join again, even with an invite link, until an admin lets them back in.`}
                action={t`Remove`}
                onConfirm={() =>
                  remove.mutate(
                    { slug: club.slug, username: who },
                    {
                      onSuccess: () => toast({ title: t`${who} removed` }),
                      onError: (error) =>
                        toast({
                          title: t`Could not remove the member`,
                          description: error.message,
                          variant: 'destructive',
                        }),
                    },
                  )
                }
              />
            ) : null}
          </li>
        ))}
      </ul>
      {club.hiddenMembers > 0 ? (
        <p className="text-sm text-muted-foreground">
          {plural(hidden, {
            one: "And # private member, shown to the club's members only.",
            other: "And # private members, shown to the club's members only.",
          })}
        </p>
      ) : null}
    </section>
  );
}

/** For admins: members an admin removed, who cannot join again until let back in. */
function RemovedMembers({ club }: { club: ClubDetail }) {
  const letBack = useLetBackIn();
  return (
    <section aria-labelledby="removed-heading" className="grid gap-2">
      <h2 id="removed-heading" className="text-lg font-bold">
        {t`Removed members`}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t`They cannot join again, even with an invite link, until an admin lets them back in.`}
      </p>
      <ul className="grid gap-1" aria-label={t`Removed members`}>
        {(club.removed ?? []).map(({ username: who }) => (
          <li key={who} className="flex min-h-12 flex-wrap items-center gap-3 rounded-lg px-2 py-1">
            <span className="min-w-0 flex-1 truncate font-medium">{who}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={letBack.isPending}
              onClick={() =>
                letBack.mutate(
                  { slug: club.slug, username: who },
                  {
                    onSuccess: () => toast({ title: t`${who} may join again` }),
                    onError: (error) =>
                      toast({
                        title: t`Could not let them back in`,
                        description: error.message,
                        variant: 'destructive',
                      }),
                  },
                )
              }
            >
              {t`Let ${who} back in`}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function JoinOrLeave({ club, viewer }: { club: ClubDetail; viewer: ClubViewer | null }) {
  const [pathname] = useLocation();
  const leave = useLeaveClub();
  if (!viewer) {
    return club.visibility === 'public' ? (
      <Button asChild>
        <Link href={paths.auth.getHref(pathname)}>{t`Sign in to join`}</Link>
      </Button>
    ) : null;
  }
  const name = club.name;
  if (club.myRole !== null) {
    return (
      <ConfirmAction
        trigger={
          <Button variant="outline" disabled={leave.isPending} className="justify-self-start">
            <LogOut aria-hidden="true" />
            {t`Leave`}
          </Button>
        }
        title={t`Leave ${name}?`}
        description={
          club.visibility === 'invite'
            ? t`You leave its board. To come back you will need a new invite link.`
            : t`You leave its board. You can join again at any time.`
        }
        action={t`Leave club`}
        onConfirm={() =>
          leave.mutate(club.slug, {
            onSuccess: () => toast({ title: t`You left ${name}` }),
            onError: (error) =>
              toast({
                title: t`Could not leave`,
                description: error.message,
                variant: 'destructive',
              }),
          })
        }
      />
    );
  }
  if (club.visibility !== 'public') return null;
  return (
    <JoinClubButton slug={club.slug} viewer={viewer}>
      {t`Join club`}
    </JoinClubButton>
  );
}

/**
 * /clubs/{slug}: the club, Join or Leave, its board (given by the route), its members, and for
 * admins the invite link; `renderModeration`, from the route, a moderator's Remove club.
 */
export function ClubView({
  slug,
  viewer,
  renderBoard,
  renderModeration,
}: {
  slug: string;
  viewer: ClubViewer | null;
  renderBoard: (club: ClubDetail) => ReactNode;
  renderModeration?: (club: ClubDetail) => ReactNode;
}) {
  const club = useClub(slug);
  return (
    <ClubGate club={club} notFound={<ClubNotFound />}>
      {(data) => (
        <div className="grid gap-6">
          <div className="grid gap-4">
            <ClubHeading club={data} />
            <div className="flex flex-wrap items-start justify-between gap-3 empty:hidden">
              <JoinOrLeave club={data} viewer={viewer} />
              {renderModeration?.(data)}
            </div>
          </div>
          {data.myRole === 'admin' ? <InvitePanel slug={data.slug} name={data.name} /> : null}
          <section aria-labelledby="club-board-heading" className="grid gap-3">
            <h2 id="club-board-heading" className="text-lg font-bold">
              {t`Board`}
            </h2>
            {renderBoard(data)}
          </section>
          <ClubChallenges club={data} viewer={viewer?.username ?? null} />
          <Members club={data} viewer={viewer} />
          {data.removed?.length ? <RemovedMembers club={data} /> : null}
        </div>
      )}
    </ClubGate>
  );
}
