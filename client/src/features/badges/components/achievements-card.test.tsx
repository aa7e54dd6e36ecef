import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, DEFAULT_CHALLENGE, findEntry } from '@common/challenges';
import { queryKeys } from '@/lib/query-keys';
import { renderWithApp, signUp } from '@/test/render';
import { MemberAchievements, MyAchievements } from './achievements-card';

async function send(method: string, path: string, body: unknown) {
  const res = await fetch(path, {
    method,
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(body),
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
}

describe('streaks and badges on a profile (docs/decisions/0233-achievements-api-and-screens.md)', () => {
  it('says what earns the first badge, then shows it with its date and the day streak', async () => {
    await signUp();
    const first = renderWithApp(<MyAchievements />);
    expect(await screen.findByText('Your first set earns your first badge.')).toBeInTheDocument();
    expect(screen.getByText('0 days')).toBeInTheDocument();
    expect(screen.getByText('0 weeks')).toBeInTheDocument();
    first.unmount();

    await send('POST', '/api/workouts', { pushups: 12 });
    renderWithApp(<MyAchievements />);
    const list = await screen.findByRole('list', { name: 'Badges' });
    const title = findEntry(DEFAULT_CHALLENGE, CATALOGUE)!.title;
    const item = within(list).getByText(`First set: ${title}`).closest('li')!;
    expect(item).toHaveTextContent(/Earned [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(screen.getByText('1 day')).toBeInTheDocument();
    expect(screen.queryByText('Your first set earns your first badge.')).toBeNull();
  });

  it("shows a public member's badges, and nothing for a private member", async () => {
    const member = await signUp();
    await send('POST', '/api/workouts', { pushups: 12 });
    const shown = renderWithApp(<MemberAchievements username={member.username} />);
    expect(await screen.findByRole('list', { name: 'Badges' })).toBeInTheDocument();
    shown.unmount();

    const hidden = await signUp();
    await send('PATCH', '/api/profile', { isPrivate: true });
    // Signed in as someone else: the private member's answer is a 404, so the card is not there.
    await signUp();
    const view = renderWithApp(<MemberAchievements username={hidden.username} />);
    const key = queryKeys.publicAchievements(hidden.username);
    await waitFor(() => expect(view.queryClient.getQueryState(key)?.status).toBe('error'));
    expect(view.queryByTestId('achievements')).toBeNull();
  });
});
