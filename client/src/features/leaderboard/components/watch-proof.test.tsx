import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@common/challenges';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { renderWithApp } from '@/test/render';
import { WatchProof } from './leaderboard-row';

const entry: LeaderboardEntry = {
  id: 77,
  username: 'ann',
  rank: 1,
  score: 31,
  createdAt: '2026-06-17T12:00:00.000Z',
  age: null,
  gender: null,
  profilePicture: null,
  verified: true,
  tier: 'recounted',
  hasClip: true,
  pushups: 31,
};

const pushups = CATALOGUE.find((c) => c.id === 'pushup-90')!.scoring!;

describe('WatchProof on a board entry', () => {
  it("names the member's set, and its dialog plays that set's clip", async () => {
    const { user } = renderWithApp(<WatchProof entry={entry} scoring={pushups} />);
    await user.click(screen.getByRole('button', { name: "Watch proof of ann's 31 push-ups" }));
    // The dialog opens once the press is handled (it may come a frame later on a busy machine).
    const dialog = await screen.findByRole('dialog', { name: "Proof: ann's 31 push-ups" });
    expect(dialog.querySelector('video')!.getAttribute('src')).toBe('/api/workouts/77/clip');
    expect(dialog).toHaveTextContent('Recorded by the camera on');
  });

  it('one push-up in the singular', () => {
    renderWithApp(<WatchProof entry={{ ...entry, score: 1, pushups: 1 }} scoring={pushups} />);
    expect(
      screen.getByRole('button', { name: "Watch proof of ann's 1 push-up" }),
    ).toBeInTheDocument();
  });
});
