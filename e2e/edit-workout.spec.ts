import { syntheticTrace } from '../common/testing/synthetic-trace';
import { addWorkout, expect, expectNoA11yViolations, test, toasts } from './fixtures';

// Editing a set from the history (docs/decisions/0203-editing-a-set.md): the row's Edit opens the
// form in the workout dialog; the stats, list and board follow; a camera-counted set says it will
// become a plain set before Save. Screenshots go to the test's output folder.
test.describe('editing a set', () => {
  test('from the history: the count and notes change, stats and the board follow', async ({
    page,
    user,
  }, info) => {
    const request = page.context().request;
    await addWorkout(request, { pushups: 20 });
    await addWorkout(request, { pushups: 35, notes: 'Felt strong' });
    const size = info.project.name;

    await page.goto('/profile/pushup-90');
    await expect(page.getByTestId('stat-personal-best')).toHaveText('35');
    const rows = page.getByTestId('workout-row');
    await expect(rows).toHaveCount(2);
    await page.screenshot({ path: info.outputPath(`history-${size}.png`) });

    await page.getByRole('button', { name: /^Edit 35 push-ups/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit workout' });
    const count = dialog.getByLabel('Push-ups');
    await expect(count).toBeFocused();
    await expect(count).toHaveValue('35');
    await expect(dialog.getByLabel('Notes (optional)')).toHaveValue('Felt strong');
    await expectNoA11yViolations(page);

    // Out of range: said under the field, nothing sent.
    await count.fill('301');
    await expect(dialog).toContainText('Push-ups must be at most 300');
    await count.fill('30');
    await dialog.getByLabel('Notes (optional)').fill('Miscounted: 30');
    await page.screenshot({ path: info.outputPath(`edit-form-${size}.png`) });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(toasts(page)).toContainText('Workout updated');

    // Back on the details, with the set as it now is.
    const details = page.getByRole('dialog', { name: 'Workout details' });
    await expect(details.getByTestId('workout-detail-count')).toHaveText('30');
    await expect(details).toContainText('Miscounted: 30');
    await expect(details.getByTestId('workout-edited')).toContainText('Edited');
    await expect(details.getByTestId('workout-detail-close')).toBeFocused();
    await page.screenshot({ path: info.outputPath(`details-after-${size}.png`) });
    await details.getByTestId('workout-detail-close').click();

    await expect(page.getByTestId('stat-personal-best')).toHaveText('30');
    await expect(page.getByTestId('stat-total-push-ups')).toHaveText('50');
    await expect(rows.first()).toContainText('30 push-ups');
    await page.goto('/90second/leaderboard');
    await expect(
      page.getByTestId('leaderboard-own-row').filter({ hasText: user.username }).first(),
    ).toContainText('30');
  });

  test('a camera-counted set says it becomes a plain set before Save', async ({
    page,
    user: _user,
  }, info) => {
    const saved = await page.request.post('/api/workouts', {
      data: {
        pushups: 6,
        verification: { method: 'camera-face', trace: syntheticTrace({ reps: 6 }) },
      },
    });
    expect((await saved.json()).tier).toBe('camera-counted');
    const size = info.project.name;

    await page.goto('/profile/pushup-90');
    await page.getByTestId('workout-row').click();
    const details = page.getByRole('dialog', { name: 'Workout details' });
    await expect(details).toContainText('Counted by the camera');
    await details.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit workout' });
    await expect(dialog.getByTestId('camera-mark-warning')).toHaveCount(0);
    await dialog.getByLabel('Notes (optional)').fill('Kept by the camera');
    await dialog.getByLabel('Push-ups').fill('8');
    await expect(dialog.getByTestId('camera-mark-warning')).toContainText('makes it a plain set');
    await expectNoA11yViolations(page);
    await page.screenshot({ path: info.outputPath(`camera-warning-${size}.png`) });
    // Back to the camera's count, the warning goes.
    await dialog.getByLabel('Push-ups').fill('6');
    await expect(dialog.getByTestId('camera-mark-warning')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(toasts(page)).toContainText('Workout updated');
    await expect(details).toContainText('Counted by the camera');
    await expect(details).toContainText('Kept by the camera');

    await details.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Push-ups').fill('8');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(toasts(page)).toContainText('Workout updated');
    await expect(details.getByTestId('workout-detail-count')).toHaveText('8');
    await expect(details).not.toContainText('Counted by the camera');
  });
});
