import { t } from '@lingui/core/macro';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useDeleteOtherSessions } from '../api/delete-other-sessions';
import { useDeleteSession } from '../api/delete-session';
import { useSessions } from '../api/get-sessions';
import { formatClockTime, formatDateShort } from '@/lib/format-date';

const MOBILE = /Android|iPhone|iPad/;

/** Where you're signed in: each device, "This device" first marked, and signing others out. */
export function SessionsList() {
  const sessions = useSessions();
  const failed = (error: Error) =>
    toast({ title: t`Sign out failed`, description: error.message, variant: 'destructive' });
  const endOne = useDeleteSession({ onError: failed });
  const endOthers = useDeleteOtherSessions({
    onSuccess: () =>
      toast({
        title: t`Signed out everywhere else`,
        description: t`Only this device is still signed in.`,
      }),
    onError: failed,
  });

  if (sessions.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label={t`Loading your devices`}>
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p className="text-destructive">
          {t`Your devices could not be loaded.`} {sessions.error.message}
        </p>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void sessions.refetch()}
        >
          {t`Try again`}
        </Button>
      </div>
    );
  }
  const others = sessions.data.filter((s) => !s.current);
  return (
    <div className="grid gap-3">
      <ul
        className="divide-y divide-border rounded-xl border border-border"
        aria-label={t`Signed-in devices`}
      >
        {sessions.data.map((s) => {
          const Icon = MOBILE.test(s.device) ? Smartphone : Monitor;
          const device = s.device;
          const signedIn = formatDateShort(s.createdAt);
          const lastDay = formatDateShort(s.lastSeenAt);
          const lastTime = formatClockTime(s.lastSeenAt);
          return (
            <li key={s.id} className="flex items-center gap-3 p-3">
              <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                {/* The device's name may end in an ellipsis; "This device" wraps below it rather
                    than be cut (German and Spanish say it longer). */}
                <p className="flex flex-wrap items-baseline gap-x-2 font-semibold">
                  <span className="min-w-0 max-w-full truncate">{s.device}</span>
                  {s.current ? (
                    <span className="text-sm font-semibold text-primary">{t`This device`}</span>
                  ) : null}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t`Signed in ${signedIn} · last active ${lastDay} at ${lastTime}`}
                </p>
              </div>
              {s.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={endOne.isPending && endOne.variables === s.id}
                  onClick={() => endOne.mutate(s.id)}
                  aria-label={t`Sign out ${device}, signed in ${signedIn}`}
                >
                  {endOne.isPending && endOne.variables === s.id ? (
                    <Spinner label={t`Signing out`} />
                  ) : null}
                  {t`Sign out`}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {endOthers.isPending ? <Spinner label={t`Signing out`} /> : <LogOut aria-hidden="true" />}
          {t`Sign out everywhere else`}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">{t`You are signed in on this device only.`}</p>
      )}
    </div>
  );
}
