import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MODERATORS_ONLY, type ModerationCase } from '@common/schemas/moderation';
import { renderWithApp, signInAsModerator, signUp } from '@/test/render';
import { ModerationScreen, QueueView } from './moderation-screen';

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<{ id: number }>;
}

/** A member's set, reported by another member; the page is signed in as the reporter after. */
async function reportedSet(text: string) {
  const owner = await signUp();
  const { id } = await post(
    '/api/workouts',
    { pushups: 88 },
    { 'idempotency-key': crypto.randomUUID() },
  );
  await signUp();
  await post('/api/reports', {
    target: { kind: 'workout', workoutId: id },
    reason: 'fake-score',
    text,
  });
  return { owner, workoutId: id };
}

describe('the moderation queue', () => {
  it('says so when no report is open', () => {
    renderWithApp(<QueueView cases={[]} />);
    expect(screen.getByText('No open reports')).toBeInTheDocument();
  });

  it("offers no action on a fellow moderator's case, saying who acts on it", () => {
    const at = new Date().toISOString();
    const fellow: ModerationCase = {
      target: { kind: 'member', username: 'fellow_mod' },
      member: {
        id: 1,
        username: 'fellow_mod',
        fullName: null,
        profilePicture: null,
        isPrivate: false,
        suspended: null,
        fullNameCleared: false,
        pictureCleared: false,
        isModerator: true,
        createdAt: at,
      },
      workout: null,
      recentSets: [],
      reports: [{ id: 1, reporter: 'someone', reason: 'spam', text: null, createdAt: at }],
      actions: [],
      latestReportAt: at,
    };
    renderWithApp(<QueueView cases={[fellow]} />);
    expect(screen.getByTestId('case-moderator-note')).toHaveTextContent(
      'Only an operator acts on a moderator',
    );
    expect(screen.queryByRole('button', { name: 'Suspend member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dismiss reports' })).toBeNull();
  });

  it('refuses a member who is not a moderator, saying why', async () => {
    await signUp();
    renderWithApp(<ModerationScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent(`403: ${MODERATORS_ONLY}`);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('hides a reported set with a reason, then undoes it from the log', async () => {
    const note = `too fast ${crypto.randomUUID().slice(0, 8)}`;
    const { owner } = await reportedSet(note);
    await signInAsModerator();
    const { user } = renderWithApp(<ModerationScreen />);
    // Awaiting review is the main queue; the reports are the next tab.
    await user.click(screen.getByRole('tab', { name: 'Open reports' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading reports');

    const card = await screen.findByRole('region', { name: `${owner.username}'s entry` });
    expect(within(card).getByText('Fake score')).toBeInTheDocument();
    expect(within(card).getByText(`“${note}”`)).toBeInTheDocument();
    expect(within(card).getByText('No proof clip.')).toBeInTheDocument();

    // A reason is required before anything is sent.
    await user.click(within(card).getByRole('button', { name: 'Hide workout' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Hide this workout?' });
    await user.click(within(confirm).getByRole('button', { name: 'Hide workout' }));
    expect(within(confirm).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(confirm).getByLabelText('Reason'), 'Reps not to depth');
    await user.click(within(confirm).getByRole('button', { name: 'Hide workout' }));
    expect(await screen.findByText('Workout hidden')).toBeInTheDocument();
    // Acting on the entry closes its reports: the case leaves the queue.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: `${owner.username}'s entry` })).toBeNull(),
    );

    // The owner's set is off their public profile.
    const profile = await fetch(`/api/users/${owner.username}`).then(
      (r) => r.json() as Promise<{ workouts: unknown[] }>,
    );
    expect(profile.workouts).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'Audit log' }));
    const log = await screen.findByRole('list', { name: 'Audit log' });
    const line = within(log)
      .getAllByTestId('audit-line')
      .find((l) => l.textContent?.includes(`${owner.username}'s workout`))!;
    expect(line).toHaveTextContent('Hid the workout');
    expect(line).toHaveTextContent('Reason: Reps not to depth');
    await user.click(within(line).getByRole('button', { name: 'Undo' }));
    const undo = await screen.findByRole('alertdialog', { name: 'Undo "Hid the workout"?' });
    await user.type(within(undo).getByLabelText('Reason'), 'Checked again: fine');
    await user.click(within(undo).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Showed the workout again')).toBeInTheDocument();
    const back = await fetch(`/api/users/${owner.username}`).then(
      (r) => r.json() as Promise<{ workouts: unknown[] }>,
    );
    expect(back.workouts).toHaveLength(1);
  });

  // 24 sign-ups and 21 reports before the screen: give a loaded machine time.
  it('shows the next page of cases with "Load more reports"', { timeout: 90_000 }, async () => {
    // 21 reported profiles: one more than the server's first page (three reporters, ten reports an hour each).
    const owners = [];
    for (let i = 0; i < 21; i++) owners.push(await signUp());
    for (let r = 0; r < 3; r++) {
      await signUp();
      for (const owner of owners.slice(r * 10, r * 10 + 10))
        await post('/api/reports', {
          target: { kind: 'member', username: owner.username },
          reason: 'spam',
        });
    }
    await signInAsModerator();
    const { user } = renderWithApp(<ModerationScreen />);
    await user.click(screen.getByRole('tab', { name: 'Open reports' }));
    let more: HTMLElement | null = await screen.findByRole('button', { name: 'Load more reports' });
    expect(screen.getAllByTestId('moderation-case')).toHaveLength(20);
    // Read the pages to the end (other tests' open reports may make more than two).
    while (more) {
      await user.click(more);
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Loading more reports' })).toBeNull(),
      );
      more = screen.queryByRole('button', { name: 'Load more reports' });
    }
    expect(screen.getAllByTestId('moderation-case').length).toBeGreaterThan(20);
    for (const owner of owners)
      expect(
        screen.getByRole('region', { name: `${owner.username}'s profile` }),
      ).toBeInTheDocument();
  });
});
