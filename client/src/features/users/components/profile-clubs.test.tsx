import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, signUp } from '@/test/render';
import { PublicProfile } from './public-profile';

async function createClub(name: string, visibility: 'public' | 'invite') {
  const res = await fetch('/api/clubs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, visibility }),
    credentials: 'include',
  });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { slug: string };
}

describe("a member's public clubs on their profile (docs/decisions/0182-public-clubs-on-profiles.md)", () => {
  it('lists the public clubs, each a link to its page, and never an invite-only one', async () => {
    const member = await signUp();
    const tag = Date.now().toString(36);
    const open = await createClub(`Open ${tag}`, 'public');
    await createClub(`Hidden ${tag}`, 'invite');
    renderWithApp(
      <PublicProfile
        username={member.username}
        viewerUsername={null}
        renderWorkouts={() => null}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Clubs' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', `/clubs/${open.slug}`);
    expect(links[0]).toHaveTextContent(`Open ${tag}`);
    expect(links[0]).toHaveTextContent('1 member');
    expect(screen.queryByText(`Hidden ${tag}`)).toBeNull();
  });

  it('shows no Clubs card for a member in none', async () => {
    const member = await signUp();
    renderWithApp(
      <PublicProfile
        username={member.username}
        viewerUsername={null}
        renderWorkouts={() => null}
      />,
    );
    expect(await screen.findByTestId('follow-counts')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Clubs' })).toBeNull();
  });
});
