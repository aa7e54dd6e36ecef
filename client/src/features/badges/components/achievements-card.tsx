import { plural, t } from '@lingui/core/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  Award,
  BadgeCheck,
  CalendarCheck,
  Flag,
  Flame,
  Footprints,
  TrendingUp,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import type { Achievements, BadgeKind } from '@common/schemas/badges';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { ApiError } from '@/lib/api-client';
import { formatMedium } from '@/lib/medium-date';
import { currentLanguage, sayShared } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useMyAchievements } from '../api/get-my-achievements';
import { usePublicAchievements } from '../api/get-public-achievements';

// Badges and streaks on a profile (docs/decisions/0233-achievements-api-and-screens.md).

const ICONS: Record<BadgeKind, LucideIcon> = {
  'first-set': Footprints,
  'first-verified': BadgeCheck,
  'new-best': TrendingUp,
  'top-ten': Trophy,
  'week-streak-4': CalendarCheck,
  'plan-finished': Flag,
};

const days = (n: number) => plural(n, { one: '# day', other: '# days' });
const weeks = (n: number) => plural(n, { one: '# week', other: '# weeks' });

const earned = (d: string) => {
  const date = earnedOn(d);
  return t`Earned ${date}`;
};

/** "Nov 3, 2026" in English (the spec's format), else the page's language's own. */
function earnedOn(d: string): string {
  const lang = currentLanguage();
  if (lang === 'en' || lang.startsWith('en-')) return formatMedium(d);
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(d));
}

function AchievementsSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label={t`Loading badges`}>
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-12 w-full" />
    </div>
  );
}

/** The two streaks and the badges, newest first; `emptyText` when there is no badge yet. */
export function AchievementsView({ data, emptyText }: { data: Achievements; emptyText: string }) {
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-2">
        <StatTile label={t`Day streak`} value={days(data.streaks.dayStreak)} />
        <StatTile label={t`Week streak`} value={weeks(data.streaks.weekStreak)} />
      </dl>
      {data.badges.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Award aria-hidden="true" className="size-4 shrink-0" />
          {emptyText}
        </p>
      ) : (
        <ul aria-label={t`Badges`} className="grid gap-2 sm:grid-cols-2">
          {data.badges.map((b) => {
            const Icon = ICONS[b.badge];
            return (
              <li
                key={`${b.badge}:${b.challenge ?? ''}:${b.earnedAt}`}
                className="flex items-center gap-3 rounded-lg border p-2"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="grid min-w-0">
                  {/* Wrapped, not cut: the challenge's title is often long. */}
                  <span className="text-sm font-semibold break-words">{sayShared(b.name)}</span>
                  <span className="text-xs text-muted-foreground">
                    {/* One sentence in every language: the word order around the date differs. */}
                    <time dateTime={b.earnedAt}>{earned(b.earnedAt)}</time>
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function AchievementsBody({
  query,
  emptyText,
}: {
  query: UseQueryResult<Achievements, Error>;
  emptyText: string;
}) {
  if (query.isPending) return <AchievementsSkeleton />;
  if (query.isError) {
    return (
      <LoadError onRetry={() => void query.refetch()} className="py-4">
        {t`Could not load the badges.`} {query.error.message}
      </LoadError>
    );
  }
  return <AchievementsView data={query.data} emptyText={emptyText} />;
}

function AchievementsFrame({
  className,
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className={cn(className)} aria-labelledby="achievements-title" data-testid="achievements">
      <CardHeader>
        <CardTitle id="achievements-title" className="flex items-center gap-2">
          <Flame aria-hidden="true" className="size-5 text-primary" />
          {t`Streaks and badges`}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The signed-in member's own, on their profile. */
export function MyAchievements({ className }: { className?: string }) {
  const query = useMyAchievements();
  return (
    <AchievementsFrame className={className}>
      <AchievementsBody query={query} emptyText={t`Your first set earns your first badge.`} />
    </AchievementsFrame>
  );
}

/** A member's, on their public profile; nothing when the server has none to show (a 404). */
export function MemberAchievements({
  username,
  className,
}: {
  username: string;
  className?: string;
}) {
  const query = usePublicAchievements(username);
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) return null;
  return (
    <AchievementsFrame className={className}>
      <AchievementsBody query={query} emptyText={t`No badges yet.`} />
    </AchievementsFrame>
  );
}
