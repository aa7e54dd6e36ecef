import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import WorkoutDetailDialog from './workout-detail-dialog';
import type { ListedWorkout } from '../types';

const set = (over: Partial<ListedWorkout>): ListedWorkout => ({
  id: 5,
  userId: 1,
  challenge: 'pushup-90',
  score: 12,
  createdAt: '2026-06-17T12:00:00.000Z',
  verified: true,
  tier: 'recounted',
  pushups: 12,
  ...over,
});

const open = (workout: ListedWorkout) =>
  renderWithApp(
    <WorkoutDetailDialog workout={workout} canDelete={false} onClose={() => undefined} />,
  );

describe('Workout details: the proof clip', () => {
  it('a verified set with a clip offers "Watch proof", which plays the clip inline', async () => {
    const { user } = open(set({ hasClip: true }));
    const dialog = screen.getByRole('dialog', { name: 'Workout details' });
    expect(screen.queryByTestId('proof-clip')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Watch proof' }));
    const player = screen.getByTestId('proof-clip');
    expect(dialog).toContainElement(player);
    expect(player.querySelector('video')!.getAttribute('src')).toBe('/api/workouts/5/clip');
    expect(screen.queryByRole('button', { name: 'Watch proof' })).toBeNull();
  });

  it('no button on a verified set without a clip', () => {
    open(set({}));
    expect(screen.queryByRole('button', { name: 'Watch proof' })).toBeNull();
  });

  it('no button on a set without the mark, whatever the flag says', () => {
    open(set({ verified: false, tier: 'entered', hasClip: true }));
    expect(screen.queryByRole('button', { name: 'Watch proof' })).toBeNull();
  });
});
