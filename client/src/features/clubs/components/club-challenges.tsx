import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ChevronDown, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { findEntry, formatScore, type CatalogueEntry } from '@common/challenges';
import type { ClubChallenge } from '@common/schemas/club-challenges';
import type { ClubDetail } from '@common/schemas/clubs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { servedChallenges } from '@/lib/challenges';
import { i18n, sayShared } from '@/lib/i18n';
import { clubDay as day } from '../utils/club-words';
import { useDeleteClubChallenge } from '../api/delete-club-challenge';
import { useClubChallenges } from '../api/list-club-challenges';
import { ClubChallengeBoard } from './club-challenge-board';
import { ConfirmAction } from './confirm-button';
import { CreateClubChallengeDialog } from './create-club-challenge-dialog';

const daysText = (c: ClubChallenge) =>
  c.startDate === c.endDate
    ? day(c.startDate, true)
    : `${day(c.startDate)} – ${day(c.endDate, true)}`;
const STATUS_WORDS: Record<ClubChallenge['status'], MessageDescriptor> = {
  current: msg`On now`,
  upcoming: msg`Upcoming`,
  ended: msg`Ended`,
};
/** A group's list name: "On now challenges". */
const GROUP_LABELS: Record<ClubChallenge['status'], MessageDescriptor> = {
  current: msg`On now challenges`,
  upcoming: msg`Upcoming challenges`,
  ended: msg`Ended challenges`,
};

function Item({
  c,
  club,
  viewer,
  open,
  onToggle,
}: {
  c: ClubChallenge;
  club: ClubDetail;
  viewer: string | null;
  open: boolean;
  onToggle: () => void;
}) {
  const entry = findEntry(c.challenge, servedChallenges()) as CatalogueEntry | undefined;
  const remove = useDeleteClubChallenge();
  const title = entry ? sayShared(entry.title)! : c.challenge;
  const days = daysText(c);
  const target = c.target !== null && entry?.scoring ? formatScore(entry.scoring, c.target) : null;
  const panelId = `club-challenge-${c.id}`;
  return (
    <li className="grid gap-3 rounded-xl border border-border bg-card p-3 text-card-foreground">
      <div className="flex flex-wrap items-start gap-2">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h3 className="font-semibold">{title}</h3>
          <p className="text-sm text-muted-foreground">
            {days}
            {target !== null ? ` · ${t`Target ${target}`}` : ''}
          </p>
        </div>
        <Badge variant={c.status === 'current' ? 'default' : 'secondary'}>
          {i18n._(STATUS_WORDS[c.status])}
        </Badge>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <ChevronDown
            aria-hidden="true"
            className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
          />
          {c.status === 'ended' ? t`Result and board` : t`Board`}
        </Button>
        {club.myRole === 'admin' ? (
          <ConfirmAction
            trigger={
              <Button
                variant="ghost"
                size="sm"
                aria-label={t`Delete ${title}, ${days}`}
                disabled={remove.isPending}
              >
                <Trash2 aria-hidden="true" />
                {t`Delete`}
              </Button>
            }
            title={t`Delete this ${title} challenge?`}
            description={t`It is gone for every member, its board and result too. Their sets stay.`}
            action={t`Delete`}
            onConfirm={() =>
              remove.mutate(
                { slug: club.slug, id: c.id },
                {
                  onSuccess: () => toast({ title: t`Challenge deleted` }),
                  onError: (error) =>
                    toast({
                      title: t`Could not delete the challenge`,
                      description: error.message,
                      variant: 'destructive',
                    }),
                },
              )
            }
          />
        ) : null}
      </div>
      {open ? (
        <div id={panelId}>
          {entry?.scoring ? (
            <ClubChallengeBoard
              slug={club.slug}
              id={c.id}
              scoring={entry.scoring}
              viewer={viewer}
            />
          ) : (
            <p className="text-muted-foreground">{t`This challenge is not open any more.`}</p>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** The club page's Club challenges: current, upcoming and ended ones; admins set new ones. */
export function ClubChallenges({ club, viewer }: { club: ClubDetail; viewer: string | null }) {
  const list = useClubChallenges(club.slug);
  const [open, setOpen] = useState<number | null>(null);
  const toggle = (id: number) => setOpen((o) => (o === id ? null : id));
  let body;
  if (list.isPending)
    body = (
      <div className="grid gap-2" aria-label={t`Loading the club's challenges`}>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  else if (list.isError)
    body = (
      <LoadError onRetry={() => void list.refetch()} className="py-4">
        {t`Could not load the club's challenges.`} {list.error.message}
      </LoadError>
    );
  else {
    const groups = [
      ['current', list.data.current],
      ['upcoming', list.data.upcoming],
      ['ended', list.data.ended],
    ] as const;
    const none = groups.every(([, items]) => items.length === 0);
    body = none ? (
      <p className="text-muted-foreground">
        {club.myRole === 'admin'
          ? t`No challenges yet. Set one for the whole club.`
          : t`No challenges yet. The club's admins can set one.`}
      </p>
    ) : (
      groups.map(([status, items]) =>
        items.length > 0 ? (
          <div key={status} className="grid gap-2">
            <h3 className="text-sm font-semibold text-muted-foreground">
              {i18n._(STATUS_WORDS[status])}
            </h3>
            <ul className="grid gap-2" aria-label={i18n._(GROUP_LABELS[status])}>
              {items.map((c) => (
                <Item
                  key={c.id}
                  c={c}
                  club={club}
                  viewer={viewer}
                  open={open === c.id}
                  onToggle={() => toggle(c.id)}
                />
              ))}
            </ul>
          </div>
        ) : null,
      )
    );
  }
  return (
    <section aria-labelledby="club-challenges-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="club-challenges-heading" className="text-lg font-bold">
          {t`Club challenges`}
        </h2>
        {club.myRole === 'admin' ? (
          <CreateClubChallengeDialog slug={club.slug} onCreated={(c) => setOpen(c.id)} />
        ) : null}
      </div>
      {body}
    </section>
  );
}
