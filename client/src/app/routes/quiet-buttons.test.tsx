import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import WorkoutDetailDialog from '@/features/workouts/components/workout-detail-dialog';
import { renderWithApp, signUp } from '@/test/render';
import ProfileRoute from './profile';

// A destructive or leaving action is never the loudest button of its screen: Delete in a set's
// details, Sign Out on the profile. (A filled button is bg-destructive or bg-primary.)
const FILLED = /(^|\s)bg-(destructive|primary)(\s|$)/;

describe('buttons that should not shout', () => {
  it('Delete in the workout dialog is an outlined red button, not the filled main one', () => {
    renderWithApp(
      <WorkoutDetailDialog
        workout={{
          id: 5,
          userId: 1,
          challenge: 'pushup-90',
          score: 12,
          pushups: 12,
          createdAt: '2026-06-17T12:00:00.000Z',
          verified: false,
          tier: 'entered',
        }}
        canDelete
        onClose={() => undefined}
      />,
    );
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove.className).not.toMatch(FILLED);
    expect(remove.className).toMatch(/(^|\s)text-destructive(\s|$)/);
  });

  it('Sign Out on the profile is no louder than Settings', async () => {
    await signUp();
    const { queryClient } = renderWithApp(<ProfileRoute />, { path: '/profile' });
    const signOut = await screen.findByRole('button', { name: 'Sign Out' }, { timeout: 30_000 });
    expect(signOut.className).not.toMatch(FILLED);
    expect(signOut.className).not.toMatch(/(^|\s)bg-destructive/);
    // The page's other reads end before the test does (a request cut off is an error).
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 30_000 });
  }, 60_000);
});
