import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { User } from '@common/schemas/auth';
import { setUserState } from '@/features/auth/api/get-user';
import { AuditLog } from '@/features/moderation/components/audit-log';
import { renderWithApp, signInAsModerator, signUp } from '@/test/render';
import ClubRoute from './club';

async function createClub(name: string) {
  const res = await fetch('/api/clubs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, visibility: 'public' }),
    credentials: 'include',
  });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { slug: string };
}

const signedInAs = (username: string, isModerator: boolean) =>
  setUserState({
    data: { username, isModerator, isPrivate: false } as User,
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

describe('removing a club (docs/decisions/0180-moderators-remove-clubs.md)', () => {
  it('offers a member no Remove club', async () => {
    const member = await signUp();
    const name = `Open ${Date.now().toString(36)}`;
    const club = await createClub(name);
    signedInAs(member.username, false);
    renderClub(club.slug);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove club' })).toBeNull();
  });

  it('lets a moderator remove it with a reason, then undo it from the audit log', async () => {
    await signUp();
    const name = `Spam ${Date.now().toString(36)}`;
    const club = await createClub(name);
    const { username } = await signInAsModerator();
    signedInAs(username, true);
    const { user, history } = renderClub(club.slug);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove club' }));
    const confirm = await screen.findByRole('alertdialog', { name: `Remove ${name}?` });
    // A reason is required before anything is sent.
    await user.click(within(confirm).getByRole('button', { name: 'Remove club' }));
    expect(within(confirm).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect((await fetch(`/api/clubs/${club.slug}`)).status).toBe(200);
    await user.type(within(confirm).getByLabelText('Reason'), 'Advertising');
    await user.click(within(confirm).getByRole('button', { name: 'Remove club' }));
    expect(await screen.findByText('Club removed')).toBeInTheDocument();
    await waitFor(() => expect(history.at(-1)).toBe('/clubs'));
    expect((await fetch(`/api/clubs/${club.slug}`)).status).toBe(404);

    const log = renderWithApp(<AuditLog />);
    const list = await screen.findByRole('list', { name: 'Audit log' });
    const line = within(list)
      .getAllByTestId('audit-line')
      .find((l) => l.textContent?.includes(`the club ${name}`))!;
    expect(line).toHaveTextContent('Removed the club');
    expect(line).toHaveTextContent('Reason: Advertising');
    await log.user.click(within(line).getByRole('button', { name: 'Undo' }));
    const undo = await screen.findByRole('alertdialog', { name: 'Undo "Removed the club"?' });
    await log.user.type(within(undo).getByLabelText('Reason'), 'Not spam after all');
    await log.user.click(within(undo).getByRole('button', { name: 'Undo' }));
    // The toast, and the log's new line once it is read again.
    expect((await screen.findAllByText('Restored the club')).length).toBeGreaterThan(0);
    await waitFor(async () => expect((await fetch(`/api/clubs/${club.slug}`)).status).toBe(200));
  });
});
