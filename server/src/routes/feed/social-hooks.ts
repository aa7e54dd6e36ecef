import type { Db } from '../../db/client';
import { notify } from '../notifications';

// Where kudos and comments tell the set's owner (docs/decisions/0253-notifications.md). Called after
// the row is written, and only when a new kudos or comment was written (a repeated PUT of kudos
// calls nothing); notify() keys each once (a kudos taken back and given again tells nobody twice),
// and makes nothing from a private or suspended member.

export interface KudosEvent {
  workoutId: number;
  ownerId: number;
  fromUserId: number;
}
export interface CommentEvent extends KudosEvent {
  commentId: number;
}

export async function onKudos(db: Db, e: KudosEvent): Promise<void> {
  await notify(db, {
    recipientId: e.ownerId,
    kind: 'kudos',
    actorId: e.fromUserId,
    workoutId: e.workoutId,
  });
}

export async function onComment(db: Db, e: CommentEvent): Promise<void> {
  await notify(db, {
    recipientId: e.ownerId,
    kind: 'comment',
    actorId: e.fromUserId,
    workoutId: e.workoutId,
    commentId: e.commentId,
  });
}
