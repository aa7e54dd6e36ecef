import { plural, t } from '@lingui/core/macro';
import { Award, Image as ImageIcon, Target } from 'lucide-react';
import { formatScore, type Scoring } from '@common/challenges';
import type { ClubChallengeDetail, ClubChallengeEntry } from '@common/schemas/club-challenges';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { sharedInMyLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useClubChallenge } from '../api/get-club-challenge';
import { namesText } from '../utils/club-words';
import { MarkedText } from './marked-text';

const MEDALS = ['text-amber-500', 'text-slate-400', 'text-orange-700 dark:text-orange-400'];

function Row({
  entry,
  scoring,
  mine,
}: {
  entry: ClubChallengeEntry;
  scoring: Scoring;
  mine: boolean;
}) {
  return (
    <li
      className={cn(
        'flex min-h-12 items-center gap-2 rounded-lg px-2 py-1 sm:gap-3',
        mine && 'bg-accent/60',
      )}
    >
      <span className="w-6 text-right font-bold tabular-nums">{entry.rank}</span>
      <UserAvatar
        src={entry.profilePicture}
        name={entry.username}
        className="size-8 max-sm:hidden"
      />
      <span className="min-w-0 flex-1 truncate font-medium">
        {entry.username}
        {mine ? <span className="sr-only"> {t`(you)`}</span> : null}
      </span>
      {entry.reachedTarget ? (
        <Target aria-label={t`Reached the target`} className="size-4 text-primary" />
      ) : null}
      <span className="font-semibold tabular-nums">
        {formatScore(scoring, entry.score, entry.capped)}
      </span>
    </li>
  );
}

/** The result once ended: the winner, the podium, who reached the target, and the share card. */
function Result({ data, scoring }: { data: ClubChallengeDetail; scoring: Scoring }) {
  const podium = data.entries.slice(0, 3);
  const winners = data.entries.filter((e) => e.rank === 1);
  const names = namesText(winners.map((w) => w.username));
  const score = winners[0] ? formatScore(scoring, winners[0].score, winners[0].capped) : '';
  const reached = data.reached;
  const participants = data.participants;
  const target = data.target === null ? '' : formatScore(scoring, data.target);
  return (
    <section
      aria-label={t`Result`}
      className="grid gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground"
    >
      <h4 className="flex items-center gap-2 font-bold">
        <Award aria-hidden="true" className="size-5 text-amber-500" />
        {t`Result`}
      </h4>
      {winners.length > 0 ? (
        <p className="text-lg">
          <MarkedText
            text={t`Won by <0>${names}</0> with ${score}`}
            parts={[(words) => <strong>{words}</strong>]}
          />
        </p>
      ) : (
        <p className="text-muted-foreground">{t`Nobody did a set in it.`}</p>
      )}
      {podium.length > 0 ? (
        <ol aria-label={t`Podium`} className="grid gap-1">
          {podium.map((e) => (
            <li key={e.username} className="flex items-center gap-2">
              <Award aria-hidden="true" className={cn('size-4', MEDALS[e.rank - 1] ?? '')} />
              <span className="w-6 font-bold tabular-nums">{e.rank}.</span>
              <span className="min-w-0 flex-1 truncate">{e.username}</span>
              <span className="tabular-nums">{formatScore(scoring, e.score, e.capped)}</span>
            </li>
          ))}
        </ol>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {plural(participants, { one: '# member took part', other: '# members took part' })}
        {reached !== null ? ` · ${t`${reached} reached the target of ${target}`}` : ''}
      </p>
      {data.cardUrl ? (
        <a
          href={sharedInMyLanguage(data.cardUrl)}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-11 items-center gap-2 justify-self-start font-medium text-primary underline-offset-4 hover:underline"
        >
          <ImageIcon aria-hidden="true" className="size-4" />
          {t`Result card (image)`}
        </a>
      ) : null}
    </section>
  );
}

/** A club challenge's board, and its result once ended. */
export function ClubChallengeBoard({
  slug,
  id,
  scoring,
  viewer,
}: {
  slug: string;
  id: number;
  scoring: Scoring;
  viewer: string | null;
}) {
  const query = useClubChallenge(slug, id);
  if (query.isPending)
    return (
      <div className="grid gap-2" aria-label={t`Loading the board`}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
    );
  if (query.isError)
    return (
      <LoadError onRetry={() => void query.refetch()} className="py-4">
        {t`Could not load the challenge's board.`} {query.error.message}
      </LoadError>
    );
  const data = query.data;
  const meShown = data.entries.some((e) => e.username === viewer);
  return (
    <div className="grid gap-3">
      {data.status === 'ended' ? <Result data={data} scoring={scoring} /> : null}
      {data.entries.length === 0 ? (
        <p className="py-4 text-center text-muted-foreground">
          {data.status === 'upcoming'
            ? t`It has not started yet.`
            : t`No club member has a set in it yet. Be the first!`}
        </p>
      ) : (
        <ol aria-label={t`Challenge board`} className="grid gap-1">
          {data.entries.map((e) => (
            <Row key={e.username} entry={e} scoring={scoring} mine={e.username === viewer} />
          ))}
        </ol>
      )}
      {data.me && !meShown ? (
        <p className="text-sm">
          {t`You:`} <Badge variant="secondary">#{data.me.rank}</Badge>{' '}
          {formatScore(scoring, data.me.score, data.me.capped)}
        </p>
      ) : null}
    </div>
  );
}
