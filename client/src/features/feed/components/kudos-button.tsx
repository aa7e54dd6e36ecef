import { t } from '@lingui/core/macro';
import { ThumbsUp } from 'lucide-react';
import type { KudosState } from '@common/schemas/feed';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useSetKudos } from '../api/set-kudos';

/**
 * Kudos on someone's set: pressed once given, pressing again takes it back. On one's own set, the
 * count alone (nobody gives themselves kudos).
 */
export function KudosButton({
  workoutId,
  kudos,
  own,
  owner,
}: {
  workoutId: number;
  kudos: KudosState;
  own: boolean;
  owner: string;
}) {
  const mutation = useSetKudos(workoutId);
  // Shows the change at once; the next read confirms it.
  const mine = mutation.isPending ? mutation.variables : kudos.mine;
  const count = kudos.count + (mutation.isPending ? Number(mine) - Number(kudos.mine) : 0);
  if (own)
    return (
      <span className="inline-flex min-h-10 items-center gap-1.5 px-2 text-sm text-muted-foreground">
        <ThumbsUp aria-hidden="true" className="size-4" />
        <span data-testid="kudos-count">{count}</span> {t`kudos`}
      </span>
    );
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-pressed={mine}
      aria-label={t`Kudos to ${owner}: ${count}`}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(!mine)}
      className={cn('min-h-10', mine && 'text-primary')}
    >
      <ThumbsUp aria-hidden="true" className={cn(mine && 'fill-current')} />
      <span data-testid="kudos-count">{count}</span>
      <span>{t`Kudos`}</span>
    </Button>
  );
}
