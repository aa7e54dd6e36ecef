import { expect, PASSWORD, test, toasts, uniqueName } from './fixtures';

// Register and sign in for a visitor whose browser asks for German, then Spanish: the screen,
// the form's validation and the server's refusal in that language (docs/i18n.md).
test.describe('auth in German', () => {
  test.use({ locale: 'de-DE' });

  test('registers in German: the screen, the validation and the welcome', async ({
    page,
  }, info) => {
    const name = uniqueName('de');
    await page.goto('/auth');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByRole('tab', { name: 'Registrieren' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Benutzername').fill(name);
    await panel.getByLabel('E-Mail').fill('keine-adresse');
    await panel.getByLabel('Passwort', { exact: true }).fill('123');
    await panel.getByRole('button', { name: 'Konto erstellen' }).click();
    await expect(panel.getByText('Ungültige E-Mail-Adresse')).toBeVisible();
    await expect(panel.getByText('Das Passwort muss mindestens 6 Zeichen lang sein')).toBeVisible();
    await page.screenshot({ path: info.outputPath('register-de.png') });
    await panel.getByLabel('E-Mail').fill(`${name}@example.com`);
    await panel.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await panel.getByRole('button', { name: 'Konto erstellen' }).click();
    await expect(toasts(page).getByText('Registrierung erfolgreich')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Challenges' })).toBeVisible();
    await page.screenshot({ path: info.outputPath('home-de.png') });
  });
});

test.describe('auth in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('a wrong password is refused in Spanish, by the server', async ({ page }, info) => {
    await page.goto('/auth');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Nombre de usuario').fill(uniqueName('es'));
    await panel.getByLabel('Contraseña', { exact: true }).fill('no-es-la-buena');
    await panel.getByRole('button', { name: 'Entrar' }).click();
    await expect(toasts(page).getByText('No se pudo iniciar sesión')).toBeVisible();
    await expect(
      toasts(page).getByText('Nombre de usuario o contraseña incorrectos.', { exact: false }),
    ).toBeVisible();
    await page.screenshot({ path: info.outputPath('login-es.png') });
  });
});
