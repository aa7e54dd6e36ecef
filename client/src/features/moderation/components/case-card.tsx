import { plural, t } from '@lingui/core/macro';
import { catalogueEntries } from '@/config/catalogue';
import { Ban, CheckCheck, EyeOff, ImageOff, Undo2, UserX, X } from 'lucide-react';
import { defaultEntry, findEntry, formatScore } from '@common/challenges';
import {
  REPORT_REASON_LABELS,
  type ModerationActionInput,
  type ModerationCase,
  type ModeratedWorkout,
} from '@common/schemas/moderation';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { sayShared } from '@/lib/i18n';
import { useTakeAction } from '../api/take-action';
import { formatDateMedium, formatDateTime } from '@/lib/format-date';
import { actionTarget } from '../utils/undo';
import { ActionDialog } from './action-dialog';
import { AuditLine } from './audit-log';

const scoringOf = (challenge: string) =>
  (findEntry(challenge, catalogueEntries()) ?? defaultEntry()).scoring!;

/** "42 push-ups", "3:25 held", "7 rounds + 9", "CAP + 312 reps" (`capped` only on a capped run). */
export const workoutScore = (
  w: Pick<ModeratedWorkout, 'challenge' | 'score'> & { capped?: boolean },
) => formatScore(scoringOf(w.challenge), w.score, w.capped === true);

/** The case's title: whose entry or profile. */
export function caseTitle(c: ModerationCase): string {
  const name = c.member.username;
  return c.target.kind === 'workout' ? t`${name}'s entry` : t`${name}'s profile`;
}

/** The proof clip, played from the clip route (a moderator may watch any member's). */
function ProofClip({ workout, who }: { workout: ModeratedWorkout; who: string }) {
  if (!workout.hasClip) return <p className="text-sm text-muted-foreground">{t`No proof clip.`}</p>;
  const reviewed = workout.clipReviewedAt ? formatDateTime(workout.clipReviewedAt) : null;
  return (
    <figure className="grid gap-1">
      <video
        controls
        muted
        playsInline
        preload="metadata"
        src={`/api/workouts/${workout.id}/clip`}
        aria-label={t`Proof clip of ${who}`}
        className="aspect-[4/3] w-full max-w-80 rounded-lg bg-black"
        data-testid="proof-clip"
      />
      <figcaption className="text-xs text-muted-foreground">
        {reviewed ? t`Clip reviewed ${reviewed}` : t`Clip not reviewed yet`}
      </figcaption>
    </figure>
  );
}

function WorkoutLine({ workout }: { workout: ModeratedWorkout }) {
  const hiddenFor = workout.hidden?.reason ?? '';
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-0.5 py-1.5 text-sm">
      <span className="flex items-center gap-1 font-semibold">
        {workoutScore(workout)}
        {workout.verified ? <VerifiedMark /> : null}
      </span>
      <time dateTime={workout.createdAt} className="text-muted-foreground">
        {formatDateTime(workout.createdAt)}
      </time>
      {workout.hidden ? <Badge variant="outline">{t`Hidden: ${hiddenFor}`}</Badge> : null}
    </li>
  );
}

/** One target with its open reports, what is reported, the member's recent sets and past actions. */
export function CaseCard({ data }: { data: ModerationCase }) {
  const action = useTakeAction();
  const act = (body: ModerationActionInput) => action.mutateAsync(body);
  const { member, workout } = data;
  const title = caseTitle(data);
  const headingId = `case-${data.target.kind}-${data.target.kind === 'workout' ? data.target.workoutId : member.username}`;
  const memberTarget = { kind: 'member', username: member.username } as const;
  const workoutTarget = workout ? ({ kind: 'workout', workoutId: workout.id } as const) : null;
  const username = member.username;
  const fullName = member.fullName ?? t`No full name`;
  const since = formatDateMedium(member.createdAt);
  const suspendedFor = member.suspended?.reason ?? '';
  const openReports = data.reports.length;
  const score = workout ? workoutScore(workout) : '';
  const oldName = member.fullName ?? '';
  return (
    <Card role="region" aria-labelledby={headingId} data-testid="moderation-case">
      <CardHeader className="gap-2">
        <div className="flex items-center gap-3">
          <UserAvatar
            src={member.profilePicture}
            name={t`${username}'s picture`}
            className="size-12"
          />
          <div className="grid min-w-0 gap-0.5">
            <CardTitle id={headingId} className="truncate">
              {title}
            </CardTitle>
            <p className="truncate text-sm text-muted-foreground">
              {t`${fullName} · member since ${since}`}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-1">
          {member.suspended ? (
            <Badge variant="outline">{t`Suspended: ${suspendedFor}`}</Badge>
          ) : null}
          {member.isPrivate ? <Badge variant="secondary">{t`Private`}</Badge> : null}
          {member.fullNameCleared ? (
            <Badge variant="secondary">{t`Full name cleared`}</Badge>
          ) : null}
          {member.pictureCleared ? <Badge variant="secondary">{t`Picture cleared`}</Badge> : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold">
            {plural(openReports, { one: '# open report', other: '# open reports' })}
          </h3>
          <ul className="grid gap-2">
            {data.reports.map((r) => (
              <li key={r.id} className="rounded-lg bg-muted px-3 py-2 text-sm">
                <span className="font-semibold">{sayShared(REPORT_REASON_LABELS[r.reason])}</span>
                {r.text ? <span className="block break-words">“{r.text}”</span> : null}
                <span className="block text-xs text-muted-foreground">
                  {r.reporter ?? t`A deleted member`} · {formatDateTime(r.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>

        {workout ? (
          <section className="grid gap-2">
            <h3 className="text-sm font-semibold">{t`The entry`}</h3>
            <ul>
              <WorkoutLine workout={workout} />
            </ul>
            <ProofClip workout={workout} who={title} />
          </section>
        ) : null}

        {member.isModerator ? (
          // The server refuses every action on a moderator (docs/decisions/0207-moderation-queue-and-moderators.md).
          <p
            className="rounded-lg border border-border px-3 py-2 text-sm"
            data-testid="case-moderator-note"
          >
            {t`${username} is a moderator. Only an operator acts on a moderator: they revoke the role from the command line first (npm run moderator -- revoke ${username}).`}
          </p>
        ) : (
          <section className="grid gap-2">
            <h3 className="text-sm font-semibold">{t`Actions`}</h3>
            <div className="flex flex-wrap gap-2">
              {workout && workoutTarget ? (
                workout.hidden ? (
                  <ActionDialog
                    label={t`Show workout again`}
                    icon={<Undo2 aria-hidden="true" />}
                    title={t`Show this workout again?`}
                    description={t`${title} goes back on the boards and the public profile.`}
                    confirmLabel={t`Show workout again`}
                    pendingLabel={t`Showing workout`}
                    doneTitle={t`Workout shown again`}
                    onConfirm={(reason) =>
                      act({ action: 'unhide-workout', target: workoutTarget, reason })
                    }
                  />
                ) : (
                  <ActionDialog
                    label={t`Hide workout`}
                    variant="destructive"
                    icon={<EyeOff aria-hidden="true" />}
                    title={t`Hide this workout?`}
                    description={t`${title} (${score}) leaves every board and the public profile. Its owner still sees it, marked hidden, with your reason.`}
                    confirmLabel={t`Hide workout`}
                    pendingLabel={t`Hiding workout`}
                    doneTitle={t`Workout hidden`}
                    onConfirm={(reason) =>
                      act({ action: 'hide-workout', target: workoutTarget, reason })
                    }
                  />
                )
              ) : null}
              {workout?.hasClip && workoutTarget ? (
                workout.clipReviewedAt ? (
                  <ActionDialog
                    label={t`Unmark clip reviewed`}
                    icon={<Undo2 aria-hidden="true" />}
                    title={t`Unmark the clip reviewed?`}
                    description={t`The entry shows Awaiting review again to moderators.`}
                    confirmLabel={t`Unmark clip reviewed`}
                    pendingLabel={t`Unmarking clip`}
                    doneTitle={t`Clip unmarked`}
                    onConfirm={(reason) =>
                      act({ action: 'unreview-clip', target: workoutTarget, reason })
                    }
                  />
                ) : (
                  <ActionDialog
                    label={t`Mark clip reviewed`}
                    icon={<CheckCheck aria-hidden="true" />}
                    title={t`Mark the clip reviewed?`}
                    description={t`Say what you saw: the entry no longer shows Awaiting review.`}
                    confirmLabel={t`Mark clip reviewed`}
                    pendingLabel={t`Marking clip`}
                    doneTitle={t`Clip marked reviewed`}
                    onConfirm={(reason) =>
                      act({ action: 'review-clip', target: workoutTarget, reason })
                    }
                  />
                )
              ) : null}
              {member.fullName ? (
                <ActionDialog
                  label={t`Clear full name`}
                  icon={<UserX aria-hidden="true" />}
                  title={t`Clear the full name?`}
                  description={t`"${oldName}" is removed from ${username}'s profile. You can restore it from the log.`}
                  confirmLabel={t`Clear full name`}
                  pendingLabel={t`Clearing full name`}
                  doneTitle={t`Full name cleared`}
                  onConfirm={(reason) =>
                    act({ action: 'clear-full-name', target: memberTarget, reason })
                  }
                />
              ) : member.fullNameCleared ? (
                <ActionDialog
                  label={t`Restore full name`}
                  icon={<Undo2 aria-hidden="true" />}
                  title={t`Restore the full name?`}
                  description={t`${username}'s full name shows again.`}
                  confirmLabel={t`Restore full name`}
                  pendingLabel={t`Restoring full name`}
                  doneTitle={t`Full name restored`}
                  onConfirm={(reason) =>
                    act({ action: 'restore-full-name', target: memberTarget, reason })
                  }
                />
              ) : null}
              {member.profilePicture ? (
                <ActionDialog
                  label={t`Clear picture`}
                  icon={<ImageOff aria-hidden="true" />}
                  title={t`Clear the picture?`}
                  description={t`${username}'s picture is replaced by the default icon. You can restore it from the log.`}
                  confirmLabel={t`Clear picture`}
                  pendingLabel={t`Clearing picture`}
                  doneTitle={t`Picture cleared`}
                  onConfirm={(reason) =>
                    act({ action: 'clear-picture', target: memberTarget, reason })
                  }
                />
              ) : member.pictureCleared ? (
                <ActionDialog
                  label={t`Restore picture`}
                  icon={<Undo2 aria-hidden="true" />}
                  title={t`Restore the picture?`}
                  description={t`${username}'s picture shows again.`}
                  confirmLabel={t`Restore picture`}
                  pendingLabel={t`Restoring picture`}
                  doneTitle={t`Picture restored`}
                  onConfirm={(reason) =>
                    act({ action: 'restore-picture', target: memberTarget, reason })
                  }
                />
              ) : null}
              {member.suspended ? (
                <ActionDialog
                  label={t`Lift suspension`}
                  icon={<Undo2 aria-hidden="true" />}
                  title={t`Lift the suspension?`}
                  description={t`${username} can sign in again and is back on the boards.`}
                  confirmLabel={t`Lift suspension`}
                  pendingLabel={t`Lifting suspension`}
                  doneTitle={t`Suspension lifted`}
                  onConfirm={(reason) =>
                    act({ action: 'lift-suspension', target: memberTarget, reason })
                  }
                />
              ) : (
                <ActionDialog
                  label={t`Suspend member`}
                  variant="destructive"
                  icon={<Ban aria-hidden="true" />}
                  title={t`Suspend ${username}?`}
                  description={t`Every session ends at once, the member leaves every board and public list, and signing in says your reason.`}
                  confirmLabel={t`Suspend member`}
                  pendingLabel={t`Suspending member`}
                  doneTitle={t`Member suspended`}
                  onConfirm={(reason) => act({ action: 'suspend', target: memberTarget, reason })}
                />
              )}
              {data.reports.length > 0 ? (
                <ActionDialog
                  label={t`Dismiss reports`}
                  icon={<X aria-hidden="true" />}
                  title={t`Dismiss the reports?`}
                  description={t`The open reports on ${title} close with nothing changed. You can reopen them from the log.`}
                  confirmLabel={t`Dismiss reports`}
                  pendingLabel={t`Dismissing reports`}
                  doneTitle={t`Reports dismissed`}
                  onConfirm={(reason) =>
                    act({ action: 'dismiss-reports', target: actionTarget(data.target), reason })
                  }
                />
              ) : null}
            </div>
          </section>
        )}

        <section className="grid gap-1">
          <h3 className="text-sm font-semibold">{t`Recent sets`}</h3>
          {data.recentSets.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t`No sets.`}</p>
          ) : (
            <ul className="divide-y divide-border">
              {data.recentSets.map((w) => (
                <WorkoutLine key={w.id} workout={w} />
              ))}
            </ul>
          )}
        </section>

        <section className="grid gap-1">
          <h3 className="text-sm font-semibold">{t`Earlier actions`}</h3>
          {data.actions.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t`None yet.`}</p>
          ) : (
            <ul className="divide-y divide-border">
              {data.actions.map((a) => (
                <AuditLine key={a.id} entry={a} />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
