import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatShort, formatTime } from '@/lib/dates';
import { useDeleteOtherSessions } from '../api/delete-other-sessions';
import { useDeleteSession } from '../api/delete-session';
import { useSessions } from '../api/get-sessions';

const MOBILE = /Android|iPhone|iPad/;

/** Where you're signed in: each device, "This device" first marked, and signing others out. */
export function SessionsList() {
  const sessions = useSessions();
  const failed = (error: Error) =>
    toast({ title: 'Sign out failed', description: error.message, variant: 'destructive' });
  const endOne = useDeleteSession({ onError: failed });
  const endOthers = useDeleteOtherSessions({
    onSuccess: () =>
      toast({
        title: 'Signed out everywhere else',
        description: 'Only this device is still signed in.',
      }),
    onError: failed,
  });

  if (sessions.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading your devices">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p className="text-destructive">
          Your devices could not be loaded. {sessions.error.message}
        </p>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void sessions.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  }
  const others = sessions.data.filter((s) => !s.current);
  return (
    <div className="grid gap-3">
      <ul
        className="divide-y divide-border rounded-xl border border-border"
        aria-label="Signed-in devices"
      >
        {sessions.data.map((s) => {
          const Icon = MOBILE.test(s.device) ? Smartphone : Monitor;
          return (
            <li key={s.id} className="flex items-center gap-3 p-3">
              <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">
                  {s.device}
                  {s.current ? (
                    <span className="ml-2 text-sm font-semibold text-primary">This device</span>
                  ) : null}
                </p>
                <p className="text-xs text-muted-foreground">
                  Signed in {formatShort(s.createdAt)} · last active {formatShort(s.lastSeenAt)} at{' '}
                  {formatTime(s.lastSeenAt)}
                </p>
              </div>
              {s.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={endOne.isPending && endOne.variables === s.id}
                  onClick={() => endOne.mutate(s.id)}
                  aria-label={`Sign out ${s.device}, signed in ${formatShort(s.createdAt)}`}
                >
                  {endOne.isPending && endOne.variables === s.id ? (
                    <Spinner label="Signing out" />
                  ) : null}
                  Sign out
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
          {endOthers.isPending ? <Spinner label="Signing out" /> : <LogOut aria-hidden="true" />}
          Sign out everywhere else
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">You are signed in on this device only.</p>
      )}
    </div>
  );
}
