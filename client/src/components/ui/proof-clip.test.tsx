import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { CLIP_ERROR_TEXT, ProofClipPlayer, WatchProofDialog } from './proof-clip';

const videoIn = (el: HTMLElement) => el.querySelector('video')!;

describe('ProofClipPlayer', () => {
  it("reads the set's clip inline: loading until the first frame, then the player alone", () => {
    renderWithApp(<ProofClipPlayer workoutId={42} label="Proof clip of 12 push-ups" />);
    const player = screen.getByTestId('proof-clip');
    const video = videoIn(player);
    expect(video.getAttribute('src')).toBe('/api/workouts/42/clip');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video).toHaveAccessibleName('Proof clip of 12 push-ups');
    expect(player).toHaveAttribute('data-state', 'loading');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the clip');
    fireEvent.loadedData(video);
    expect(player).toHaveAttribute('data-state', 'ready');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why when the clip cannot play, and Try again asks for it anew', async () => {
    const { user } = renderWithApp(<ProofClipPlayer workoutId={7} label="Proof clip" />);
    const player = screen.getByTestId('proof-clip');
    fireEvent.error(videoIn(player));
    expect(player).toHaveAttribute('data-state', 'error');
    expect(screen.getByRole('alert')).toHaveTextContent(CLIP_ERROR_TEXT);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(player).toHaveAttribute('data-state', 'loading');
    // A new element with a new address: the browser does not reuse the failed answer.
    expect(videoIn(player).getAttribute('src')).toBe('/api/workouts/7/clip?try=1');
    fireEvent.loadedData(videoIn(player));
    expect(player).toHaveAttribute('data-state', 'ready');
  });
});

describe("ProofClipPlayer with a recorder's WebM (no duration in its header)", () => {
  it('seeks past the end to learn the length, goes back to the start, then says ready', () => {
    renderWithApp(<ProofClipPlayer workoutId={3} label="Proof clip" />);
    const player = screen.getByTestId('proof-clip');
    const video = videoIn(player);
    let duration = Infinity;
    Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(1e7);
    fireEvent.loadedData(video);
    expect(player).toHaveAttribute('data-state', 'loading');
    duration = 90.4;
    fireEvent.durationChange(video);
    expect(video.currentTime).toBe(0);
    fireEvent.seeked(video);
    expect(player).toHaveAttribute('data-state', 'ready');
  });
});

describe('WatchProofDialog', () => {
  it('opens the clip in a dialog named after the set', async () => {
    const { user } = renderWithApp(
      <WatchProofDialog
        workoutId={9}
        name="Watch proof of ann's 31 push-ups"
        title="Proof: ann's 31 push-ups"
        description="Recorded by the camera."
        compact
      />,
    );
    const button = screen.getByRole('button', { name: "Watch proof of ann's 31 push-ups" });
    expect(button).toHaveTextContent('Watch proof');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(button);
    // The dialog's code loads with the first press.
    const dialog = await screen.findByRole('dialog', { name: "Proof: ann's 31 push-ups" });
    expect(dialog).toHaveAccessibleDescription('Recorded by the camera.');
    expect(videoIn(within(dialog).getByTestId('proof-clip')).getAttribute('src')).toBe(
      '/api/workouts/9/clip',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });
});
