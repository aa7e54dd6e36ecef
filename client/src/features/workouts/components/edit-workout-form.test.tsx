import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CAMERA_MARK_LOST, OLD_SET_SCORE_LOCKED } from '@common/schemas/workout-edit';
import { renderWithApp } from '@/test/render';
import { editBody } from './edit-workout-form';
import WorkoutDetailDialog from './workout-detail-dialog';
import type { ListedWorkout } from '../types';

// The edit form in the workout dialog (docs/decisions/0203-editing-a-set.md): what it offers, what
// it says before Save, and what it would send. The saves themselves: e2e/edit-workout.spec.ts.
const HOUR = 3_600_000;
const set = (over: Partial<ListedWorkout>): ListedWorkout => ({
  id: 5,
  userId: 1,
  challenge: 'pushup-90',
  score: 12,
  createdAt: new Date(Date.now() - HOUR).toISOString(),
  verified: false,
  tier: 'entered',
  pushups: 12,
  notes: null,
  hidden: null,
  ...over,
});

const open = (workout: ListedWorkout, editing = false, onEditingChange = vi.fn()) =>
  renderWithApp(
    <WorkoutDetailDialog
      workout={workout}
      canDelete
      editing={editing}
      onEditingChange={onEditingChange}
      onClose={() => undefined}
    />,
  );

describe('Editing a set in the workout dialog', () => {
  it('offers Edit on an own set, not on one a moderator hid', () => {
    const { unmount } = open(set({}));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    unmount();
    open(set({ hidden: { reason: 'Implausible', at: new Date().toISOString() } }), true);
    expect(screen.getByRole('dialog', { name: 'Workout details' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('a camera-counted set says it becomes a plain set as soon as its count changes', async () => {
    const { user } = open(set({ verified: false, tier: 'camera-counted' }), true);
    expect(screen.queryByText(CAMERA_MARK_LOST)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Increase count' }));
    expect(screen.getByText(CAMERA_MARK_LOST)).toBeTruthy();
  });

  it('a set older than 7 days keeps its count and time; its notes can change', () => {
    open(set({ createdAt: new Date(Date.now() - 10 * 24 * HOUR).toISOString() }), true);
    expect(screen.getByText(OLD_SET_SCORE_LOCKED)).toBeTruthy();
    expect(screen.getByLabelText('Date and time')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Push-ups')).toBeDisabled();
    expect(screen.getByLabelText('Notes (optional)')).not.toHaveAttribute('readonly');
  });

  it('Save with nothing changed sends nothing and goes back to the details', async () => {
    const onEditingChange = vi.fn();
    const { user } = open(set({ notes: 'kept' }), true, onEditingChange);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onEditingChange).toHaveBeenCalledWith(false);
  });
});

describe('editBody', () => {
  const original = { time: '2026-03-01T10:00' };
  const w = set({ score: 20, notes: 'a' });
  it('holds only the fields that changed', () => {
    expect(editBody(w, original, { score: 20, time: original.time, notes: 'a' })).toEqual({});
    expect(editBody(w, original, { score: 21, time: original.time, notes: 'a' })).toEqual({
      score: 21,
    });
    expect(editBody(w, original, { score: 20, time: original.time })).toEqual({ notes: null });
    expect(editBody(w, original, { score: 20, time: '2026-03-01T09:00', notes: 'a' })).toEqual({
      createdAt: new Date('2026-03-01T09:00').toISOString(),
    });
  });
});
