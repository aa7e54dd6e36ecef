import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { syntheticTrace } from '@common/testing/synthetic-trace';
import { renderWithApp, signUp } from '@/test/render';
import { PublicProfile } from './public-profile';

// The best tile says how far the best is proven, with the tier's badge (the stats' bestTier:
// docs/decisions/0244-tiers-shown-and-reviewed.md), through the real API.
async function save(pushups: number, verification?: object) {
  const res = await fetch('/api/workouts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pushups, ...(verification ? { verification } : {}) }),
    credentials: 'include',
  });
  if (res.status !== 201) throw new Error(`save answered ${res.status}: ${await res.text()}`);
}

const bestTile = async () => {
  const term = await screen.findByText('Personal Best', undefined, { timeout: 30_000 });
  return term.parentElement!;
};

describe("the public profile's best tile", () => {
  it("shows the best's tier, not the latest set's", async () => {
    const member = await signUp();
    await save(30, { method: 'camera-face', trace: syntheticTrace({ reps: 30 }) });
    await save(12);
    renderWithApp(
      <PublicProfile
        username={member.username}
        viewerUsername={null}
        renderWorkouts={() => null}
      />,
    );
    const tile = await bestTile();
    expect(within(tile).getAllByRole('definition')[0]).toHaveTextContent('30');
    const badge = within(tile).getByTestId('tier-badge');
    expect(badge).toHaveAttribute('data-tier', 'camera-counted');
    expect(badge).toHaveTextContent('Camera-counted');
    // Its meaning is on the badge for a pointer's hover; the legend says the rest.
    expect(badge).toHaveAttribute('title', expect.stringMatching(/^Camera-counted: /));
    // Only the best's tile carries a tier.
    expect(screen.getAllByTestId('tier-badge')).toHaveLength(1);
  });

  it('an entered best says Entered', async () => {
    const member = await signUp();
    await save(25);
    renderWithApp(
      <PublicProfile
        username={member.username}
        viewerUsername={null}
        renderWorkouts={() => null}
      />,
    );
    const tile = await bestTile();
    expect(within(tile).getByTestId('tier-badge')).toHaveAttribute('data-tier', 'entered');
  });

  it('no sets: a dash and no badge', async () => {
    const member = await signUp();
    renderWithApp(
      <PublicProfile
        username={member.username}
        viewerUsername={null}
        renderWorkouts={() => null}
      />,
    );
    const tile = await bestTile();
    expect(within(tile).getAllByRole('definition')).toHaveLength(1);
    expect(screen.queryByTestId('tier-badge')).toBeNull();
  });
});
