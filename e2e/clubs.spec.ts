import { devices, type Page } from '@playwright/test';
import { addWorkout, expect, expectNoA11yViolations, PASSWORD, test, uniqueName } from './fixtures';

// Clubs: one member creates an invite-only club, another joins by its link (through registration)
// and both are on its board.

// A screen's first visit loads its code: on a busy machine that can take longer than expect's default.
const LOAD = 20_000;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test.describe('clubs', () => {
  test('a member creates an invite-only club; another joins by the link and both are on its board', async ({
    page,
    user,
    browser,
    baseURL,
  }) => {
    // Two members, two sign-ins and a registration: longer than the default.
    test.setTimeout(120_000);
    await addWorkout(page.context().request, { pushups: 42 });

    await page.goto('/clubs');
    await expect(page.getByRole('heading', { level: 1, name: 'Clubs' })).toBeVisible();
    await expect(page.getByText('You are not in any club yet.')).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, 'clubs-empty');

    // The form says what is wrong under the field.
    await page.getByRole('button', { name: 'Create club' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a club' });
    await dialog.getByLabel('Name').fill('ab');
    await dialog.getByRole('button', { name: 'Create club' }).click();
    await expect(dialog.getByText('Name must be at least 3 characters')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page);
    await shot(page, 'clubs-create-dialog');

    const name = `Dawn ${uniqueName('c')}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description (optional)').fill('Push-ups before breakfast.');
    await dialog.getByRole('radio', { name: /Invite only/ }).check();
    await dialog.getByRole('button', { name: 'Create club' }).click();

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: LOAD });
    await expect(page).toHaveURL(/\/clubs\/dawn-c[0-9a-f]+$/);
    const invite = page.getByRole('textbox', { name: 'Invite link' });
    await expect(invite).toHaveValue(/\/clubs\/dawn-c[0-9a-f]+\/join\?code=[A-Za-z0-9_-]{43}$/);
    const link = await invite.inputValue();
    const board = page.getByRole('list', { name: 'Today club leaderboard' });
    await expect(board.getByRole('listitem')).toHaveCount(1);
    await expect(board).toContainText(user.username);
    await expectNoA11yViolations(page);
    await shot(page, 'club-admin');

    // Another member, on a phone of their own, follows the link as a visitor.
    const other = await browser.newContext({
      ...devices['Pixel 7'],
      viewport: { width: 390, height: 844 },
      baseURL,
    });
    const phone = await other.newPage();
    await phone.goto(link);
    await expect(phone.getByText('You are invited to join')).toBeVisible({ timeout: LOAD });
    await expect(phone.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: LOAD });
    await expect(phone.getByText('1 member', { exact: true })).toBeVisible();
    await expectNoA11yViolations(phone);
    await shot(phone, 'club-invite-visitor');
    await phone.getByRole('link', { name: 'Sign in to join' }).click();
    await expect(phone).toHaveURL(/\/auth\?next=/);
    await phone.getByRole('tab', { name: 'Register' }).click();
    const panel = phone.getByRole('tabpanel');
    const bob = uniqueName('bob');
    await panel.getByLabel('Username').fill(bob);
    await panel.getByLabel('Email').fill(`${bob}@example.com`);
    await panel.getByLabel('Password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Create account' }).click();

    // Back on the invite, signed in.
    await expect(phone).toHaveURL(link, { timeout: LOAD });
    await addWorkout(other.request, { pushups: 50 });
    await phone.getByRole('button', { name: `Join ${name}` }).click();
    await expect(phone.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: LOAD });
    await expect(phone).toHaveURL(/\/clubs\/dawn-c[0-9a-f]+$/);
    const bobBoard = phone.getByRole('list', { name: 'Today club leaderboard' });
    await expect(bobBoard.getByRole('listitem')).toHaveCount(2);
    await expect(bobBoard.getByRole('listitem').nth(0)).toContainText(bob);
    await expect(bobBoard.getByRole('listitem').nth(1)).toContainText(user.username);
    // Not an admin: no invite link, and Leave.
    await expect(phone.getByRole('textbox', { name: 'Invite link' })).toHaveCount(0);
    await expect(phone.getByRole('button', { name: 'Leave' })).toBeVisible();
    await expectNoA11yViolations(phone);
    await shot(phone, 'club-member');
    await other.close();

    // The admin sees both too, and the club in their list.
    await page.reload();
    await expect(
      page.getByRole('list', { name: 'Today club leaderboard' }).getByRole('listitem'),
    ).toHaveCount(2);
    await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);
    await page.goto('/clubs');
    await expect(page.getByRole('list', { name: 'My clubs' })).toContainText(name);
    await shot(page, 'clubs-mine');

    // The leaderboard offers the club beside Everyone and Following, and keeps it in the address.
    await page.goto('/leaderboard');
    await page.getByRole('radio', { name }).click();
    await expect(page).toHaveURL(/scope=club%3Adawn-c[0-9a-f]+/);
    const clubBoard = page.getByRole('list', { name: 'Today leaderboard' });
    await expect(clubBoard.getByRole('listitem')).toHaveCount(2, { timeout: LOAD });
    await expect(clubBoard.getByRole('listitem').nth(0)).toContainText(bob);
    await page.reload();
    await expect(page.getByRole('radio', { name })).toHaveAttribute('aria-checked', 'true', {
      timeout: LOAD,
    });
    await expectNoA11yViolations(page);
    await shot(page, 'leaderboard-club-scope');

    // A set that moves the admin up in the club says so on Workout Saved.
    await page.goto('/90second/log-workout');
    await page.getByLabel('Push-ups').fill('60');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('club-rank')).toHaveText(`You're #1 in ${name}`, {
      timeout: LOAD,
    });
  });

  test('says so when the clubs cannot load, when a club is not there, and when an invite link is wrong', async ({
    page,
    consoleErrors,
  }) => {
    await page.route('**/api/clubs?*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"Down for a moment."}',
      }),
    );
    await page.goto('/clubs');
    await expect(page.getByRole('alert')).toContainText('Could not load the clubs.', {
      timeout: LOAD,
    });
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, 'clubs-error');
    await page.unroute('**/api/clubs?*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.goto('/clubs/no-such-club');
    await expect(page.getByRole('heading', { level: 1, name: 'Club not found' })).toBeVisible({
      timeout: LOAD,
    });
    await expectNoA11yViolations(page);
    await shot(page, 'club-not-found');

    await page.goto('/clubs/no-such-club/join?code=wrong');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This invite link does not work' }),
    ).toBeVisible({
      timeout: LOAD,
    });
    await expectNoA11yViolations(page);
    // The 503s asked for above are the browser's console errors this test expects.
    for (let i = consoleErrors.length - 1; i >= 0; i--)
      if (consoleErrors[i]!.includes('status of 503')) consoleErrors.splice(i, 1);
  });
});
