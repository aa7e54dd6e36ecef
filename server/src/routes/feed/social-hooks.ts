// Where kudos and comments tell the set's owner. THE NOTIFICATION HOOKS: wired to notify() (the
// notifications module) at merge; until then they do nothing. Called after the row is written,
// and only when a new kudos or comment was written (a repeated PUT of kudos calls nothing).

export interface KudosEvent {
  workoutId: number;
  ownerId: number;
  fromUserId: number;
}
export interface CommentEvent extends KudosEvent {
  commentId: number;
}

export async function onKudos(_event: KudosEvent): Promise<void> {}

export async function onComment(_event: CommentEvent): Promise<void> {}
