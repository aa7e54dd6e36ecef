import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { User } from '@common/schemas/auth';
import { REMOVED_FROM_CLUB } from '@common/schemas/clubs';
import { setUserState } from '@/features/auth/api/get-user';
import { renderWithApp, signUp } from '@/test/render';
import ClubRoute from './club';

// A member an admin removed reads why they cannot join again; an admin lets them back in
// (docs/decisions/0208-club-removal-is-recorded.md).
async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(path, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}
const login = (m: { username: string; password: string }) =>
  call('POST', '/api/login', { username: m.username, password: m.password });
const signedInAs = (username: string) =>
  setUserState({
    data: { username, isModerator: false, isPrivate: false } as User,
    isPending: false,
    isError: false,
  });
const renderClub = (slug: string) =>
  renderWithApp(
    <Route path="/clubs/:slug">
      <ClubRoute />
    </Route>,
    { path: `/clubs/${slug}` },
  );

describe('a member removed from a club', () => {
  it('is told why Join does not work, and an admin lets them back in', async () => {
    const admin = await signUp();
    const name = `Kept ${Date.now().toString(36)}`;
    const { slug } = (await call('POST', '/api/clubs', { name, visibility: 'public' })) as {
      slug: string;
    };
    const member = await signUp();
    await call('POST', `/api/clubs/${slug}/join`, {});
    await login(admin);
    await call('DELETE', `/api/clubs/${slug}/members/${member.username}`);

    await login(member);
    signedInAs(member.username);
    const page = renderClub(slug);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    await page.user.click(screen.getByRole('button', { name: 'Join club' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REMOVED_FROM_CLUB);
    page.unmount();

    await login(admin);
    signedInAs(admin.username);
    const { user } = renderClub(slug);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Removed members' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Let ${member.username} back in` }));
    expect(await screen.findByText(`${member.username} may join again`)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Removed members' })).toBeNull(),
    );
  });
});
