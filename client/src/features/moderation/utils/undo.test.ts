import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@common/schemas/moderation';
import { actionTarget, undoableIds } from './undo';

let id = 0;
const line = (action: AuditEntry['action'], target: AuditEntry['target']): AuditEntry => ({
  id: ++id,
  moderator: 'mo',
  action,
  target,
  reason: 'why',
  createdAt: '2026-11-27T01:00:00.000Z',
});
const workout = (workoutId: number) => ({ kind: 'workout' as const, workoutId, username: 'ann' });
const member = (username: string | null) => ({ kind: 'member' as const, username });
const club = (slug: string) => ({ kind: 'club' as const, slug, name: 'Early Birds' });

describe('undoableIds', () => {
  it('offers Undo on the newest line of each target and pair only', () => {
    // Newest first: the hide was undone by the unhide, so only the unhide can be undone.
    const unhide = line('unhide-workout', workout(1));
    const hide = line('hide-workout', workout(1));
    const review = line('review-clip', workout(1));
    const otherHide = line('hide-workout', workout(2));
    const suspend = line('suspend', member('Ann'));
    const oldSuspend = line('lift-suspension', member('ann'));
    const ids = undoableIds([unhide, hide, review, otherHide, suspend, oldSuspend]);
    expect([...ids].sort()).toEqual([unhide.id, review.id, otherHide.id, suspend.id].sort());
  });

  it('offers none on a deleted member', () => {
    expect(undoableIds([line('suspend', member(null))]).size).toBe(0);
  });

  it('offers Undo on the newest line of a club, none on a club gone for good', () => {
    const restore = line('restore-club', club('early-birds'));
    const remove = line('remove-club', club('early-birds'));
    const gone = line('remove-club', { kind: 'club', slug: null, name: 'Gone' });
    expect([...undoableIds([restore, remove, gone])]).toEqual([restore.id]);
  });
});

describe('actionTarget', () => {
  it('drops the owner of a workout target, keeps a member by name', () => {
    expect(actionTarget(workout(7))).toEqual({ kind: 'workout', workoutId: 7 });
    expect(actionTarget(member('ann'))).toEqual({ kind: 'member', username: 'ann' });
    expect(actionTarget(club('early-birds'))).toEqual({ kind: 'club', slug: 'early-birds' });
  });
});
