import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { syntheticTrace } from '@common/testing/synthetic-trace';
import { renderWithApp, signUp } from '@/test/render';
import { CountEntry } from './count-entry';

const label = 'How many push-ups did you complete?';

describe('CountEntry', () => {
  it('at the end of a run takes the focus to the count, its text selected', () => {
    renderWithApp(
      <CountEntry
        initialCount={17}
        focusOnOpen
        onSaved={() => undefined}
        onCancel={() => undefined}
      />,
    );
    const field = screen.getByLabelText(label);
    expect(field).toHaveFocus();
    expect([
      (field as HTMLInputElement).selectionStart,
      (field as HTMLInputElement).selectionEnd,
    ]).toEqual([0, 2]);
  });

  it('refuses a count of zero with a toast and saves nothing', async () => {
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <CountEntry initialCount={0} onSaved={onSaved} onCancel={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save Workout' }));
    expect(await screen.findByText('Invalid count')).toBeInTheDocument();
    expect(screen.getByText('Please enter a number greater than zero')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('starts from the taps, steps with the buttons and saves that count on the server', async () => {
    await signUp();
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <CountEntry initialCount={20} onSaved={onSaved} onCancel={() => undefined} />,
    );
    expect(screen.getByLabelText(label)).toHaveValue('20');
    await user.click(screen.getByRole('button', { name: 'Increase count' }));
    await user.click(screen.getByRole('button', { name: 'Increase count' }));
    await user.click(screen.getByRole('button', { name: 'Decrease count' }));
    await user.click(screen.getByRole('button', { name: 'Save Workout' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce(), { timeout: 15_000 });
    const res = await fetch('/api/workouts', { credentials: 'include' });
    const body = (await res.json()) as Array<{ pushups: number }>;
    expect(body.map((w) => w.pushups)).toEqual([21]);
  });

  it('says the camera mark is lost once the count is changed by hand', async () => {
    const verification = { samples: [], reps: 12 } as never;
    const { user } = renderWithApp(
      <CountEntry
        initialCount={12}
        camera={{ count: 12, verification }}
        onSaved={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByTestId('camera-mark-note')).toHaveTextContent('Saved as counted by camera.');
    await user.click(screen.getByRole('button', { name: 'Increase count' }));
    expect(screen.getByTestId('camera-mark-note')).toHaveTextContent(
      'saved without the Counted by camera mark',
    );
  });

  it('a camera run that counted 0 says why and offers to try again or to type a count', async () => {
    const onTryAgain = vi.fn();
    const onSaved = vi.fn();
    const verification = {
      method: 'camera-face' as const,
      trace: syntheticTrace({ reps: 6, depth: 1.5, noise: 0 }),
    };
    const { user } = renderWithApp(
      <CountEntry
        initialCount={0}
        camera={{ count: 0, verification }}
        onSaved={onSaved}
        onCancel={() => undefined}
        onTryAgain={onTryAgain}
      />,
    );
    const note = screen.getByTestId('camera-mark-note');
    expect(note).toHaveTextContent(
      'The camera counted no push-ups. At the deepest your face grew to 1.5x its size at the top; a push-up counts from 1.8x. Go lower.',
    );
    // Nothing claims the set would be saved as counted by camera.
    expect(screen.queryByText(/Saved as counted by camera/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onTryAgain).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Type a count' }));
    expect(screen.getByLabelText(label)).toHaveFocus();
    await user.keyboard('7');
    expect(screen.getByLabelText(label)).toHaveValue('7');
    expect(screen.getByTestId('camera-mark-note')).toHaveTextContent(
      'a typed count is saved without the Counted by camera mark',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('Cancel hands back to the timer without saving', async () => {
    const onCancel = vi.fn();
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <CountEntry initialCount={5} onSaved={onSaved} onCancel={onCancel} />,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
