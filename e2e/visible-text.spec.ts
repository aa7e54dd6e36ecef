import { expect, test } from './fixtures';

// The profile and workout forms use the shared schemas (common/schemas/text.ts, visibleText): a
// name or a note with hidden characters shows the sentence under its field, nothing is sent.
test.describe('hidden characters in names and notes', () => {
  test('the profile editor shows the sentence under Full name', async ({ page, user: _user }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      // The edit's PATCH (the page's own quiet one sends only the browser's time zone).
      if (
        r.url().endsWith('/api/profile') &&
        r.method() === 'PATCH' &&
        r.postData()?.includes('fullName')
      )
        sent.push(r.url());
    });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Full name').fill('Ann\u202eeeL');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const message = dialog.getByText(
      'Full name must not contain characters that change the text direction',
    );
    await expect(message).toBeVisible();
    await expect(dialog.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Full name').fill(`e${'\u0301'.repeat(6)}`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      dialog.getByText('Full name must not stack more than 4 accents or marks on one character'),
    ).toBeVisible();
    expect(sent).toEqual([]);
  });

  test('the log form shows the sentence under Notes', async ({ page, user: _user }) => {
    await page.goto('/90second/log-workout');
    await page.getByLabel('Push-ups').fill('21');
    await page.getByLabel('Notes (optional)').fill('good\u200bset');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      page.getByText('Notes must not contain invisible characters (such as zero-width spaces)'),
    ).toBeVisible();
    expect(await (await page.request.get('/api/workouts')).json()).toEqual([]);
  });
});
