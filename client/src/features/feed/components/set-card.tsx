import { t } from '@lingui/core/macro';
import { MessageCircle, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { FeedItem } from '@common/schemas/feed';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-date';
import { callouts, commentsLabel, setHeadline, tierLabel } from '../utils/set-words';
import { CommentForm, type ReportCommentButton } from './comments';
import { PagedComments } from './paged-comments';
import { KudosButton } from './kudos-button';

/** Who did the set, what, and when: the top of a feed item and of a set's page. */
export function SetSummary({
  item,
  headingLevel = 'h2',
}: {
  item: FeedItem;
  headingLevel?: 'h1' | 'h2';
}) {
  const { title, figure } = setHeadline(item);
  const name = item.member.fullName ?? item.member.username;
  const Heading = headingLevel;
  const notes = callouts(item);
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-3">
        <UserAvatar src={item.member.profilePicture} name={name} />
        <div className="min-w-0">
          <Link
            href={paths.publicProfile.getHref(item.member.username)}
            className="block truncate font-semibold hover:underline"
          >
            {item.mine ? t`You` : name}
          </Link>
          <p className="text-xs text-muted-foreground">
            <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </p>
        </div>
      </div>
      <Heading className="flex flex-wrap items-baseline gap-x-2 text-lg font-semibold">
        <Link href={paths.set.getHref(item.id)} className="hover:underline">
          {title}
        </Link>
        <span className="text-2xl font-bold tabular-nums" data-testid="set-score">
          {figure}
        </span>
        <Badge variant="outline" title={t`How far the score is proven`}>
          {tierLabel(item.tier)}
        </Badge>
      </Heading>
      {notes.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t`Called out`}>
          {notes.map((n) => (
            <li key={n}>
              <Badge>
                <Sparkles aria-hidden="true" className="mr-1 size-3" />
                {n}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function FeedComments({
  item,
  reportButton,
}: {
  item: FeedItem;
  reportButton?: ReportCommentButton;
}) {
  return (
    <div className="grid gap-3 border-t border-border pt-3">
      <PagedComments workoutId={item.id} reportButton={reportButton} />
      <CommentForm workoutId={item.id} />
    </div>
  );
}

/** One set on the feed: the summary, kudos, and its comments on a press. */
export function SetCard({
  item,
  reportButton,
  extra,
}: {
  item: FeedItem;
  reportButton?: ReportCommentButton;
  extra?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="grid gap-3 p-4" data-testid="feed-item">
      <SetSummary item={item} />
      <div className="flex flex-wrap items-center gap-1">
        <KudosButton
          workoutId={item.id}
          kudos={item.kudos}
          own={item.mine}
          owner={item.member.username}
        />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="min-h-10"
        >
          <MessageCircle aria-hidden="true" />
          {commentsLabel(item.commentCount)}
        </Button>
        {extra}
      </div>
      {open ? <FeedComments item={item} reportButton={reportButton} /> : null}
    </Card>
  );
}
