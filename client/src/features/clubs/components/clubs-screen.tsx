import { t } from '@lingui/core/macro';
import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { CLUB_NAME_MAX, type ClubSummary } from '@common/schemas/clubs';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useClubList } from '../api/list-clubs';
import { ClubCard } from './club-card';
import { CreateClubDialog } from './create-club-dialog';

function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-2" aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-16 rounded-xl" />
      ))}
    </div>
  );
}

function ClubList({ clubs, label }: { clubs: ClubSummary[]; label: string }) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {clubs.map((club) => (
        <li key={club.slug}>
          <ClubCard club={club} />
        </li>
      ))}
    </ul>
  );
}

/** /clubs: my clubs, public clubs to join (search by name), and Create club. */
export function ClubsScreen({ signedIn }: { signedIn: boolean }) {
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search);
  const list = useClubList(q);
  const first = list.data?.pages[0];
  const mine = first?.mine ?? [];
  const open = list.data?.pages.flatMap((p) => p.public) ?? [];
  const query = q.trim();

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold">{t`Clubs`}</h1>
          <p className="text-sm text-muted-foreground">
            {t`Compete with the people you know, on every challenge.`}
          </p>
        </div>
        {signedIn ? (
          <CreateClubDialog onCreated={(club) => navigate(paths.club.getHref(club.slug))} />
        ) : (
          <Button asChild variant="outline">
            <Link
              href={paths.auth.getHref(paths.clubs.getHref())}
            >{t`Sign in to create a club`}</Link>
          </Button>
        )}
      </div>

      {list.isError ? (
        <LoadError
          className="rounded-xl border border-border p-6"
          onRetry={() => void list.refetch()}
        >
          {t`Could not load the clubs.`} {list.error.message}
        </LoadError>
      ) : null}

      {signedIn ? (
        <section className="grid gap-3" aria-labelledby="my-clubs">
          <h2 id="my-clubs" className="text-lg font-bold">
            {t`My clubs`}
          </h2>
          {list.isPending ? (
            <ListSkeleton label={t`Loading my clubs`} />
          ) : mine.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
              {t`You are not in any club yet. Join one below, or create your own and invite your friends.`}
            </p>
          ) : (
            <ClubList clubs={mine} label={t`My clubs`} />
          )}
        </section>
      ) : null}

      <section className="grid gap-3" aria-labelledby="public-clubs">
        <h2 id="public-clubs" className="text-lg font-bold">
          {t`Public clubs`}
        </h2>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label={t`Search clubs by name`}
            placeholder={t`Search by name`}
            maxLength={CLUB_NAME_MAX}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
        {list.isPending ? (
          <ListSkeleton label={t`Loading public clubs`} />
        ) : open.length === 0 && !list.isError ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            {query ? t`No public club named like “${query}”.` : t`No public clubs to join yet.`}
          </p>
        ) : (
          <ClubList clubs={open} label={t`Public clubs`} />
        )}
        {list.hasNextPage ? (
          <Button
            variant="outline"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? t`Loading…` : t`More clubs`}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
