import { request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { linkIn } from '../server/src/test/smtp';
import { expect, expectNoA11yViolations, PASSWORD, test, toasts, uniqueName } from './fixtures';
import { withMailServer } from './support/mail-server';

// The whole loop in German, and a shorter pass in Spanish (issue 39): register, a 90-second run
// driven by the page's clock, save, the board, the profile, settings, the reset mail read from a
// real SMTP server, and the link-preview tags of the shared profile and set, each in the member's
// language (docs/i18n.md). The words are the catalogues' (client/src/features/*/locales,
// client/src/app/locales, common/locales, server/src/locales). A server of the spec's own, as
// e2e/password-reset.spec.ts: the shared one sends no mail.
test.setTimeout(120_000);
// One server for both passes: they run one after the other in one worker.
test.describe.configure({ mode: 'default' });

const mailed = withMailServer();

/** The words each pass looks for, from the catalogues. */
interface Words {
  lang: 'de' | 'es';
  register: string;
  username: string;
  email: string;
  password: string;
  createAccount: string;
  registered: string;
  start: string;
  go: string;
  cue75: string;
  countLabel: string;
  saveWorkout: string;
  savedToast: string;
  savedHeading: string;
  viewBoard: string;
  settings: string;
  languageLabel: string;
  forgot: string;
  resetHeading: string;
  sendLink: string;
  mailSubject: string;
  /** The address confirmation sent on registering, in the language registered in. */
  confirmSubject: string;
  mailLines: (minutes: number) => string[];
  mailLinkLabel: string;
  newPasswordHeading: string;
  linkWorksUntil: RegExp;
  profileTitle: (name: string) => string;
  profileDescription: (best: number) => string;
  beatTitle: (name: string, beat: number) => string;
}

const DE: Words = {
  lang: 'de',
  register: 'Registrieren',
  username: 'Benutzername',
  email: 'E-Mail',
  password: 'Passwort',
  createAccount: 'Konto erstellen',
  registered: 'Registrierung erfolgreich',
  start: 'Start',
  go: 'Los!',
  cue75: 'Noch 75 Sekunden. Weiter so!',
  countLabel: 'Wie viele Liegestütze hast du geschafft?',
  saveWorkout: 'Workout speichern',
  savedToast: 'Workout gespeichert!',
  savedHeading: 'Workout gespeichert',
  viewBoard: 'Bestenliste ansehen',
  settings: 'Einstellungen',
  languageLabel: 'Sprache',
  forgot: 'Passwort vergessen?',
  resetHeading: 'Passwort zurücksetzen',
  sendLink: 'Link senden',
  mailSubject: 'Setz dein Passwort zurück - FitBench',
  confirmSubject: 'Bestätige deine E-Mail-Adresse - FitBench',
  mailLines: (minutes) => [
    'Hallo,',
    `Jemand (hoffentlich du) möchte das Passwort deines FitBench-Kontos zurücksetzen. Der Link unten funktioniert einmal, ${minutes} Minuten lang.`,
    'Wenn du das nicht warst, ignorier diese Nachricht: Dein Passwort bleibt, wie es ist.',
    'Dein FitBench-Team',
  ],
  mailLinkLabel: 'Neues Passwort wählen',
  newPasswordHeading: 'Wähl ein neues Passwort',
  linkWorksUntil: /^Dieser Link gilt bis .+\.$/,
  profileTitle: (name) => `${name} auf FitBench`,
  profileDescription: (best) =>
    `Bestleistung: ${best} Liegestütze in 90 Sekunden (Eingetragen). 1 Training auf FitBench eingetragen.`,
  beatTitle: (name, beat) => `${name} hat ${beat} geschafft: Schaffst du mehr?`,
};

const ES: Words = {
  lang: 'es',
  register: 'Registrarse',
  username: 'Nombre de usuario',
  email: 'Correo electrónico',
  password: 'Contraseña',
  createAccount: 'Crear cuenta',
  registered: 'Registro completado',
  start: 'Empezar',
  go: '¡Ya!',
  cue75: 'Quedan 75 segundos. ¡Sigue así!',
  countLabel: '¿Qué cantidad de flexiones completaste?',
  saveWorkout: 'Guardar entrenamiento',
  savedToast: '¡Entrenamiento guardado!',
  savedHeading: 'Entrenamiento guardado',
  viewBoard: 'Ver clasificación',
  settings: 'Ajustes',
  languageLabel: 'Idioma',
  forgot: '¿Olvidaste tu contraseña?',
  resetHeading: 'Restablece tu contraseña',
  sendLink: 'Enviar enlace',
  mailSubject: 'Restablece tu contraseña - FitBench',
  confirmSubject: 'Confirma tu correo electrónico - FitBench',
  mailLines: (minutes) => [
    'Hola:',
    `Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de FitBench. El enlace de abajo funciona una vez, durante ${minutes} minutos.`,
    'Si no lo has pedido tú, ignora este mensaje: tu contraseña sigue igual.',
    'El equipo de FitBench',
  ],
  mailLinkLabel: 'Elegir una contraseña nueva',
  newPasswordHeading: 'Elige una contraseña nueva',
  linkWorksUntil: /^Este enlace funciona hasta las .+\.$/,
  profileTitle: (name) => `${name} en FitBench`,
  profileDescription: (best) =>
    `Mejor marca: ${best} flexiones en 90 segundos (Introducido). 1 entrenamiento registrado en FitBench.`,
  beatTitle: (name, beat) => `${name} hizo ${beat}: ¿puedes superarlo?`,
};

const READY_MS = 3 * 800;

const htmlLang = (page: Page) => page.locator('html');

/** Registers on the auth screen, in the page's language; returns the new member's name. */
async function register(page: Page, w: Words): Promise<string> {
  const name = uniqueName(w.lang);
  await page.goto(`${mailed.server.url}/auth`);
  await expect(htmlLang(page)).toHaveAttribute('lang', w.lang);
  await page.getByRole('tab', { name: w.register }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel(w.username).fill(name);
  await panel.getByLabel(w.email).fill(`${name}@example.com`);
  await panel.getByLabel(w.password, { exact: true }).fill(PASSWORD);
  await panel.getByRole('button', { name: w.createAccount }).click();
  await expect(toasts(page).getByText(w.registered)).toBeVisible();
  await expect(page).toHaveURL(`${mailed.server.url}/`);
  return name;
}

/**
 * A 90-second push-up run on the timer, the page's clock moved by the test (e2e/timer.spec.ts):
 * the first cue, three taps, the 75-second cue, the count entry, saved as `count`.
 */
async function runAndSave(page: Page, w: Words, count: number) {
  await page.goto(`${mailed.server.url}/90second/timer`);
  const start = page.getByRole('button', { name: w.start, exact: true });
  await expect(start).toBeVisible();
  await expect(htmlLang(page)).toHaveAttribute('lang', w.lang);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await start.click();
  await page.clock.runFor(READY_MS);
  await expect(page.getByTestId('cue-message')).toHaveText(w.go);
  for (let i = 0; i < 3; i++) await page.getByTestId('tap-area').click();
  await expect(page.getByTestId('tap-count')).toHaveText('3');
  await page.clock.runFor(15_000);
  await expect(page.getByTestId('cue-message')).toHaveText(w.cue75);
  await page.clock.runFor(75_000);
  const entry = page.getByLabel(w.countLabel);
  await expect(entry).toHaveValue('3');
  await entry.fill(String(count));
  // The clock flows again for the save and what follows (toasts, queries).
  await page.clock.resume();
  await page.getByRole('button', { name: w.saveWorkout }).click();
  await expect(toasts(page).getByText(w.savedToast)).toBeVisible();
  await expect(page.getByRole('heading', { name: w.savedHeading })).toBeVisible();
  await expect(page.getByTestId('saved-count')).toHaveText(String(count));
}

/** The link-preview tags of a server page, as a crawler that names no language reads them. */
async function previewTags(path: string) {
  const crawler = await playwrightRequest.newContext();
  try {
    const res = await crawler.get(`${mailed.server.url}${path}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const unescape = (s: string) =>
      s
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    const meta = (key: string) => {
      const m = html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`));
      return m ? unescape(m[1]!) : null;
    };
    return {
      title: unescape(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''),
      ogTitle: meta('og:title'),
      ogDescription: meta('og:description'),
      ogImage: meta('og:image'),
      twitterTitle: meta('twitter:title'),
    };
  } finally {
    await crawler.dispose();
  }
}

/** What the page's share control handed to the system's share sheet. */
async function shareSheet(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shared?: ShareData };
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => void (w.__shared = data),
    });
  });
  return () => page.evaluate(() => (window as unknown as { __shared?: ShareData }).__shared);
}

async function newPhoneContext(browser: Browser, page: Page, locale: string) {
  return browser.newContext({
    locale,
    viewport: page.viewportSize() ?? undefined,
    isMobile: true,
    hasTouch: true,
  });
}

async function checkMail(email: string, w: Words) {
  // The welcome's address confirmation comes first; the reset mail follows.
  await expect
    .poll(() => mailed.smtp.to(email).map((m) => m.subject), { timeout: 40_000 })
    .toContain(w.mailSubject);
  expect(mailed.smtp.to(email).map((m) => m.subject)).toContain(w.confirmSubject);
  const mail = mailed.smtp.to(email).find((m) => m.subject === w.mailSubject);
  const link = linkIn(mail!, '/reset-password');
  const paragraphs = mail!.text.split('\n\n');
  const [greeting, body, ignore, linkPart, closing] = paragraphs;
  const minutes = Number(body?.match(/\d+/)?.[0]);
  expect([greeting, body, ignore, closing]).toEqual(w.mailLines(minutes));
  expect(linkPart).toBe(`${w.mailLinkLabel}:\n${link.toString()}`);
  expect(mail!.html).toContain(`<html lang="${w.lang}">`);
  expect(mail!.html).toContain(`<title>${w.mailSubject.replace(' - FitBench', '')}</title>`);
  return link;
}

test.describe('the loop in German', () => {
  test.use({ locale: 'de-DE' });

  test('register, a run, save, board, profile, settings, the reset mail and the previews', async ({
    page,
    browser,
  }, info) => {
    const shared = await shareSheet(page);
    await page.clock.install();
    const name = await register(page, DE);
    await expect(page.getByRole('heading', { name: 'Challenges' })).toBeVisible();

    // The run and its save.
    await runAndSave(page, DE, 31);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: info.outputPath('saved-de.png'), fullPage: true });
    await page.getByRole('button', { name: 'Teilen', exact: true }).click();
    await expect.poll(shared).toMatchObject({
      text: 'Ich habe 31 Liegestütze in 90 Sekunden auf FitBench geschafft',
      title: 'FitBench: 90-Sekunden-Liegestütz-Challenge',
    });
    const sharedUrl = new URL((await shared())!.url!);
    expect(sharedUrl.pathname).toBe(`/90second/users/${name}`);

    // The board: the member's own row.
    await page.getByRole('link', { name: DE.viewBoard, exact: true }).click();
    await expect(page).toHaveURL(`${mailed.server.url}/90second/leaderboard`);
    const own = page.getByTestId('leaderboard-own-row');
    await expect(own).toContainText(name);
    await expect(own).toContainText('31');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bestenliste');
    await expect(htmlLang(page)).toHaveAttribute('lang', 'de');
    await expectNoA11yViolations(page);
    await page.screenshot({ path: info.outputPath('board-de.png'), fullPage: true });

    // The profile.
    await page.goto(`${mailed.server.url}/profile`);
    await expect(page.getByRole('link', { name: 'Alle Challenges ansehen' })).toBeVisible();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.screenshot({ path: info.outputPath('profile-de.png'), fullPage: true });

    // Settings: the language, saved on the account; Spanish for a moment, then German again.
    await page.getByRole('link', { name: DE.settings }).click();
    await expect(page.getByRole('heading', { level: 1, name: DE.settings })).toBeVisible();
    const language = page.getByRole('combobox', { name: DE.languageLabel });
    await expect(language).toHaveValue('');
    await expect(language.locator('option:checked')).toHaveText('Automatisch (Browsersprache)');
    await language.selectOption('es');
    await expect(htmlLang(page)).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: ES.settings })).toBeVisible();
    await expect(page.getByRole('combobox', { name: ES.languageLabel })).toHaveValue('es');
    await page.getByRole('combobox', { name: ES.languageLabel }).selectOption('de');
    await expect(htmlLang(page)).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: DE.settings })).toBeVisible();
    await expect(page.getByRole('combobox', { name: DE.languageLabel })).toHaveValue('de');
    expect((await (await page.request.get(`${mailed.server.url}/api/user`)).json()).language).toBe(
      'de',
    );
    await expectNoA11yViolations(page);
    await page.screenshot({ path: info.outputPath('settings-de.png'), fullPage: true });

    // The reset mail, asked for from an English browser: in German, the member's setting.
    const english = await newPhoneContext(browser, page, 'en-US');
    try {
      const visitor = await english.newPage();
      await visitor.goto(`${mailed.server.url}/auth`);
      await expect(htmlLang(visitor)).toHaveAttribute('lang', 'en');
      await visitor.getByRole('button', { name: 'Forgot password?' }).click();
      await visitor.getByLabel('Email').fill(`${name}@example.com`);
      await visitor.getByRole('button', { name: 'Send link' }).click();
      await expect(
        visitor
          .getByRole('status')
          .filter({ hasText: 'If an account uses that address, we sent a link.' }),
      ).toBeVisible();
    } finally {
      await english.close();
    }
    const link = await checkMail(`${name}@example.com`, DE);
    await page.goto(link.toString());
    await expect(page.getByRole('heading', { name: DE.newPasswordHeading })).toBeVisible();
    await expect(page.getByText(DE.linkWorksUntil)).toBeVisible();
    await expect(htmlLang(page)).toHaveAttribute('lang', 'de');

    // The previews of the shared profile and set, in the sharer's language.
    const profile = await previewTags(`/90second/users/${name}?lang=de`);
    expect(profile).toMatchObject({
      title: DE.profileTitle(name),
      ogTitle: DE.profileTitle(name),
      twitterTitle: DE.profileTitle(name),
      ogDescription: DE.profileDescription(31),
    });
    expect(profile.ogImage).toContain('&lang=de');
    const set = await previewTags(`/90second/timer?beat=31&from=${name}&lang=de`);
    expect(set.ogTitle).toBe(DE.beatTitle(name, 31));
    expect(set.ogImage).toContain('&lang=de');
  });
  // The links a member shares carry their language, so the preview is in it
  // (sharedInMyLanguage, client/src/lib/i18n.ts).
  test('the shared profile link names the sharer’s language (?lang=de)', async ({ page }) => {
    const shared = await shareSheet(page);
    const name = uniqueName('de');
    const register = await page.request.post(`${mailed.server.url}/api/register`, {
      data: { username: name, email: `${name}@example.com`, password: PASSWORD },
    });
    expect(register.status()).toBe(201);
    const save = await page.request.post(`${mailed.server.url}/api/workouts`, {
      data: { pushups: 20 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(save.status()).toBe(201);
    await page.goto(`${mailed.server.url}/profile/pushup-90`);
    await page.getByTestId('workout-row').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Teilen', exact: true }).click();
    await expect.poll(shared).toMatchObject({ url: expect.stringContaining(`/users/${name}`) });
    expect(new URL((await shared())!.url!).searchParams.get('lang')).toBe('de');
  });
});

test.describe('the loop in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('register, a run, save, board, settings, the reset mail and the previews', async ({
    page,
    browser,
  }, info) => {
    await page.clock.install();
    const name = await register(page, ES);
    await runAndSave(page, ES, 27);
    await page.screenshot({ path: info.outputPath('saved-es.png'), fullPage: true });

    await page.getByRole('link', { name: ES.viewBoard }).click();
    const own = page.getByTestId('leaderboard-own-row');
    await expect(own).toContainText(name);
    await expect(htmlLang(page)).toHaveAttribute('lang', 'es');
    await expectNoA11yViolations(page);
    await page.screenshot({ path: info.outputPath('board-es.png'), fullPage: true });

    await page.goto(`${mailed.server.url}/profile/settings`);
    await expect(page.getByRole('heading', { level: 1, name: ES.settings })).toBeVisible();
    await expect(
      page.getByRole('combobox', { name: ES.languageLabel }).locator('option:checked'),
    ).toHaveText('Automático (idioma del navegador)');

    // The reset mail: no setting saved, so the language of the browser that asks (Spanish).
    const spanish = await newPhoneContext(browser, page, 'es-ES');
    try {
      const visitor = await spanish.newPage();
      await visitor.goto(`${mailed.server.url}/auth`);
      await expect(htmlLang(visitor)).toHaveAttribute('lang', 'es');
      await visitor.getByRole('button', { name: ES.forgot }).click();
      await expect(visitor.getByRole('heading', { name: ES.resetHeading })).toBeVisible();
      await visitor.getByLabel(ES.email).fill(`${name}@example.com`);
      await visitor.getByRole('button', { name: ES.sendLink }).click();
      await expect(
        visitor
          .getByRole('status')
          .filter({ hasText: 'Si hay una cuenta con esa dirección, te hemos enviado un enlace.' }),
      ).toBeVisible();
      const link = await checkMail(`${name}@example.com`, ES);
      await visitor.goto(link.toString());
      await expect(visitor.getByRole('heading', { name: ES.newPasswordHeading })).toBeVisible();
      await expect(visitor.getByText(ES.linkWorksUntil)).toBeVisible();
      await expectNoA11yViolations(visitor);
    } finally {
      await spanish.close();
    }

    const profile = await previewTags(`/90second/users/${name}?lang=es`);
    expect(profile).toMatchObject({
      ogTitle: ES.profileTitle(name),
      ogDescription: ES.profileDescription(27),
    });
    const set = await previewTags(`/90second/timer?beat=27&from=${name}&lang=es`);
    expect(set.ogTitle).toBe(ES.beatTitle(name, 27));
  });
});
