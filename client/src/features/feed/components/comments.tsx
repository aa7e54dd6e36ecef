import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import {
  COMMENT_MAX,
  createCommentSchema,
  type Comment,
  type CreateCommentInput,
} from '@common/schemas/feed';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { sayShared } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format-date';
import { useAddComment } from '../api/add-comment';
import { useDeleteComment } from '../api/delete-comment';

const deleteLabel = (name: string) => t`Delete ${name}'s comment`;

/** The Report button of a comment, given by the route (the reports feature's). */
export type ReportCommentButton = (comment: Comment) => ReactNode;

export function CommentList({
  comments,
  reportButton,
}: {
  comments: Comment[];
  reportButton?: ReportCommentButton;
}) {
  const remove = useDeleteComment();
  if (comments.length === 0)
    return (
      <p className="text-sm text-muted-foreground">{t`No comments yet. Say something kind.`}</p>
    );
  return (
    <ul className="grid gap-3" aria-label={t`Comments`}>
      {comments.map((c) => (
        <li key={c.id} className="flex items-start gap-2" data-testid="comment">
          <div className="min-w-0 flex-1">
            <p className="text-sm">
              <Link
                href={paths.publicProfile.getHref(c.author.username)}
                className="font-semibold hover:underline"
              >
                {c.author.fullName ?? c.author.username}
              </Link>{' '}
              <span className="break-words">{c.body}</span>
            </p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
            </p>
          </div>
          {c.canDelete ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={c.mine ? t`Delete your comment` : deleteLabel(c.author.username)}
              disabled={remove.isPending && remove.variables === c.id}
              onClick={() => remove.mutate(c.id)}
              className="shrink-0 text-muted-foreground"
            >
              <Trash2 aria-hidden="true" />
            </Button>
          ) : null}
          {!c.mine && reportButton ? reportButton(c) : null}
        </li>
      ))}
    </ul>
  );
}

/** Write a comment: up to 280 characters, checked as the server checks them. */
export function CommentForm({ workoutId }: { workoutId: number }) {
  const form = useForm<CreateCommentInput>({
    resolver: zodResolver(createCommentSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { body: '' },
  });
  const mutation = useAddComment(workoutId);
  const id = `comment-${workoutId}`;
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => form.reset({ body: '' }),
      onError: (error) => {
        const field = error instanceof ApiError ? error.errors?.body?.[0] : undefined;
        form.setError('body', { message: field ?? error.message.replace(/^\d+: /, '') });
      },
    }),
  );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex items-start gap-2">
      <Field
        id={id}
        label={<span className="sr-only">{t`Add a comment`}</span>}
        error={sayShared(form.formState.errors.body?.message)}
        className="grid min-w-0 flex-1 gap-1"
      >
        {(control) => (
          <Input
            {...control}
            placeholder={t`Add a comment`}
            autoComplete="off"
            maxLength={COMMENT_MAX * 2}
            {...form.register('body')}
          />
        )}
      </Field>
      <SubmitButton pending={mutation.isPending} pendingLabel={t`Posting`}>
        {t`Post`}
      </SubmitButton>
    </form>
  );
}
