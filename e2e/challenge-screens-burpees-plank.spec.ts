import { expectNoA11yViolations, registerUser, uniqueName } from './fixtures';
import { addChallengeWorkout, expect, test } from './challenges-server';

// The screens of the two challenges beyond push-ups, on a server that opened them
// (e2e/challenges-server.ts): their homes, boards and stats pages in their units, the catalogue
// and the navigation following the challenge, at a phone's size with axe on each new screen.

test.describe('challenge screens with burpees and the plank open', () => {
  test('the catalogue starts each open challenge, the navigation follows the last one used', async ({
    page,
    user: _user,
  }) => {
    await page.goto('/');
    const plank = page.getByTestId('challenge-plank-drop');
    await expect(plank.getByRole('link', { name: 'Start Challenge' })).toHaveAttribute(
      'href',
      '/plank-drop/timer',
    );
    await expect(
      page.getByTestId('challenge-burpees-or-bust').getByRole('link', { name: 'Start Challenge' }),
    ).toHaveAttribute('href', '/burpees-or-bust/timer');
    await expect(
      page.getByTestId('challenge-nickels-dimes').getByRole('button', { name: 'Coming Soon' }),
    ).toBeDisabled();
    await expect(
      page.getByTestId('challenge-mfm-challenge').getByRole('button', { name: 'Coming Soon' }),
    ).toBeDisabled();
    await expectNoA11yViolations(page);

    // The bottom bar on a phone, the header's top bar from 1024 px: the one shown.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Start' })).toHaveAttribute(
      'href',
      '/90second/timer',
    );
    await page.goto('/plank-drop');
    await expect(page.getByTestId('challenge-strip')).toContainText('Plank Till You Drop');
    await expect(nav.getByRole('link', { name: 'Start' })).toHaveAttribute(
      'href',
      '/plank-drop/timer',
    );
    await expect(nav.getByRole('link', { name: 'Log' })).toHaveAttribute(
      'href',
      '/plank-drop/log-workout',
    );
    await expect(nav.getByRole('link', { name: 'Rankings' })).toHaveAttribute(
      'href',
      '/plank-drop/leaderboard',
    );
    // Remembered on the device: a reload elsewhere still leads there.
    await page.goto('/profile');
    await expect(nav.getByRole('link', { name: 'Start' })).toHaveAttribute(
      'href',
      '/plank-drop/timer',
    );
    await page.goto('/burpees-or-bust/leaderboard');
    await expect(nav.getByRole('link', { name: 'Start' })).toHaveAttribute(
      'href',
      '/burpees-or-bust/timer',
    );
  });

  test('the burpee home shows progress, leaders and recent sets in burpees', async ({
    page,
    user: _user,
  }) => {
    const api = page.context().request;
    await addChallengeWorkout(api, { challenge: 'burpees-or-bust', score: 38 });
    await addChallengeWorkout(api, { challenge: 'burpees-or-bust', score: 42 });
    // A push-up set is not a burpee set.
    await addChallengeWorkout(api, { challenge: 'pushup-90', score: 120 });

    await page.goto('/burpees-or-bust');
    await expect(page.getByRole('heading', { level: 1, name: 'Burpees or Bust' })).toBeVisible();
    await expect(page.getByRole('definition')).toHaveText(['42', '42', '2']);
    await expect(page.getByRole('link', { name: 'Start Timer' })).toHaveAttribute(
      'href',
      '/burpees-or-bust/timer',
    );
    await expect(page.getByRole('link', { name: 'Log Workout' })).toHaveAttribute(
      'href',
      '/burpees-or-bust/log-workout',
    );
    const leaders = page.getByRole('list', { name: "Today's leaders" });
    await expect(leaders.getByRole('listitem').first()).toContainText('burpees');
    await expect(leaders).not.toContainText('push-ups');
    await expect(page.getByRole('link', { name: 'View All', exact: true })).toHaveAttribute(
      'href',
      '/burpees-or-bust/leaderboard',
    );
    await expect(page.getByRole('link', { name: 'See all', exact: true })).toHaveAttribute(
      'href',
      '/profile/burpees-or-bust',
    );
    await expectNoA11yViolations(page);
  });

  test('the plank board ranks holds as m:ss, with the viewer pinned and each board one tap away', async ({
    page,
    user,
    playwright,
    baseURL,
  }) => {
    const other = await playwright.request.newContext({ baseURL });
    const holder = await registerUser(other, { username: uniqueName('hold') });
    await addChallengeWorkout(other, { challenge: 'plank-drop', score: 36_000 });
    await other.dispose();
    await addChallengeWorkout(page.context().request, { challenge: 'plank-drop', score: 205 });

    await page.goto('/plank-drop/leaderboard');
    await expect(page.getByText('Plank Till You Drop · Longest hold per person')).toBeVisible();
    const board = page.getByRole('list', { name: 'Today leaderboard' });
    await expect(board.getByRole('link', { name: new RegExp(holder.username) })).toContainText(
      '10:00:00held',
    );
    await expect(board.getByTestId('leaderboard-own-row')).toContainText(user.username);
    await expect(board.getByTestId('leaderboard-own-row')).toContainText('3:25held');
    // No camera-counted kind for a hold.
    await expect(page.getByRole('button', { name: /Verified only/ })).toHaveCount(0);
    await expectNoA11yViolations(page);

    const boards = page.getByRole('navigation', { name: 'Challenge boards' });
    await boards.getByRole('link', { name: 'Burpees or Bust' }).click();
    await expect(page).toHaveURL('/burpees-or-bust/leaderboard');
    await expect(page.getByText('Burpees or Bust · Best 2-minute set per person')).toBeVisible();
    // The viewer has no burpee set: the pinned standing says so, in burpees.
    await expect(page.getByRole('region', { name: 'Your standing' })).toContainText(
      'You have not logged burpees today yet.',
    );
    await expect(
      page
        .getByRole('region', { name: 'Your standing' })
        .getByRole('link', { name: 'Start the timer' }),
    ).toHaveAttribute('href', '/burpees-or-bust/timer');
    await expectNoA11yViolations(page);
  });

  test('the stats pages of burpees and the plank show each challenge alone, in its unit', async ({
    page,
    user: _user,
  }) => {
    const api = page.context().request;
    await addChallengeWorkout(api, { challenge: 'plank-drop', score: 65 });
    await addChallengeWorkout(api, { challenge: 'plank-drop', score: 140 });
    await addChallengeWorkout(api, { challenge: 'burpees-or-bust', score: 30 });

    await page.goto('/profile/plank-drop');
    await expect(page.getByRole('heading', { level: 1, name: 'Hold Stats' })).toBeVisible();
    await expect(page.getByTestId('stat-total')).toHaveText('3:25');
    await expect(page.getByTestId('stat-personal-best')).toHaveText('2:20');
    await expect(page.getByTestId('stat-workouts')).toHaveText('2');
    await expect(page.getByRole('link', { name: 'Start Challenge' })).toHaveAttribute(
      'href',
      '/plank-drop/timer',
    );
    await expect(page.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute(
      'href',
      '/plank-drop/leaderboard',
    );
    await expectNoA11yViolations(page);

    await page.goto('/profile/burpees-or-bust');
    await expect(page.getByRole('heading', { level: 1, name: 'Burpee Stats' })).toBeVisible();
    await expect(page.getByTestId('stat-total')).toHaveText('30');
    await expect(page.getByTestId('stat-workouts')).toHaveText('1');
    await expectNoA11yViolations(page);

    // The profile's cards lead to each stats page, with the best in its unit.
    await page.goto('/profile');
    await expect(page.getByTestId('best-plank-drop')).toContainText('2:20 held');
    await expect(page.getByTestId('best-burpees-or-bust')).toContainText('30 burpees');
    await page.getByRole('link', { name: /Plank Till You Drop/ }).click();
    await expect(page).toHaveURL('/profile/plank-drop');
  });

  test('a public profile shows each open challenge best and latest sets', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const ctx = await playwright.request.newContext({ baseURL });
    const member = await registerUser(ctx, { username: uniqueName('pub') });
    await addChallengeWorkout(ctx, { challenge: 'pushup-90', score: 40 });
    await addChallengeWorkout(ctx, { challenge: 'burpees-or-bust', score: 25 });
    await addChallengeWorkout(ctx, { challenge: 'plank-drop', score: 95 });
    await ctx.dispose();

    await page.goto(`/users/${member.username}`);
    await expect(page.getByText('Best: 40 push-ups · 25 burpees · 1:35 held')).toBeVisible();
    await expect(page.getByTestId('public-stats-plank-drop')).toContainText('Plank Till You Drop');
    await expect(
      page.getByTestId('public-stats-plank-drop').getByRole('definition').first(),
    ).toHaveText('1:35');
    await expect(
      page.getByTestId('public-stats-burpees-or-bust').getByRole('definition').first(),
    ).toHaveText('25');
    await expectNoA11yViolations(page);
  });
});
