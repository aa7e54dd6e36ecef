import { Badge } from '@/components/ui/badge';

/** Under a verified board's row, to moderators: the set is in the top 10 and nobody watched its clip. */
export function AwaitingReviewMark() {
  return (
    <Badge variant="outline" className="mt-0.5 w-fit" data-testid="awaiting-review">
      Awaiting review
    </Badge>
  );
}
