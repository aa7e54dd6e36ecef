import { UserX } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function UserNotFound({ username }: { username: string }) {
  return (
    <section
      aria-labelledby="user-not-found-title"
      className="grid justify-items-center gap-4 py-12 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <UserX className="size-8" aria-hidden="true" />
      </span>
      <h1 id="user-not-found-title" className="text-2xl font-extrabold tracking-tight">
        User Not Found
      </h1>
      <p className="max-w-sm text-muted-foreground">
        We couldn&apos;t find a member called{' '}
        <span className="font-semibold text-foreground">{username}</span>. The name may be
        misspelled, or the account no longer exists.
      </p>
      <Button asChild size="lg">
        <Link href={paths.leaderboard.getHref()}>Go to Leaderboard</Link>
      </Button>
    </section>
  );
}
