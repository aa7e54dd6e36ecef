import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '@common/challenges';
import { CardRenderer } from '../lib/card-renderer';
import { inLanguage } from '../lib/i18n';
import { useTestApp } from '../test/app';
import { clientDirWithIndex } from '../test/client-dir';
import { createUser, createWorkout } from '../test/factories';
import { startTestSmtp } from '../test/smtp';
import { cardDays } from './previews/club-challenge-card';
import { cardTree, type CardContent } from './previews/share-cards';

// What the server says, in the member's language (docs/i18n.md): API errors by Accept-Language,
// mails by the recipient's users.language, link previews and share cards by the sharer's ?lang=.
const smtp = await startTestSmtp();
const renderer = new CardRenderer({ workers: 1, queue: 8 });
afterAll(() => smtp.close());
const t = useTestApp(
  { siteUrl: 'http://fitbench.test', clientDir: clientDirWithIndex('fitbench-languages-') },
  { mailTransport: smtp.transport(), mailPollMs: 200, cardRenderer: renderer },
);
const BOT = { 'user-agent': 'facebookexternalhit/1.1' };
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
/** Every text of a card, in order. */
const textsOf = (node: unknown): string[] => {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(textsOf);
  const children = (node as { props?: { children?: unknown } } | null)?.props?.children;
  return children === undefined ? [] : textsOf(children);
};

describe('API errors', () => {
  it("come in German with Accept-Language: de, and in the spec's English by default", async () => {
    const de = await t.app.inject({
      url: '/api/share-cards/nobody-here.png',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(de.statusCode).toBe(404);
    expect(de.json().message).toBe('Hier gibt es keine Teilen-Karte.');
    const en = await t.app.inject({ url: '/api/share-cards/nobody-here.png' });
    expect(en.json().message).toBe('No share card here.');
    const login = (lang?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: {
          'content-type': 'application/json',
          ...(lang ? { 'accept-language': lang } : {}),
        },
        payload: JSON.stringify({ username: 'nobody-at-all', password: 'wrong-password-1' }),
      });
    expect((await login('es')).json().message).toBe('Nombre de usuario o contraseña incorrectos.');
    expect((await login()).json().message).toBe('Invalid username or password.');
  });
});

describe('mail', () => {
  it("is in the recipient's language: a reset link in Spanish for a member whose language is es", async () => {
    const es = await createUser(t.app, { language: 'es' });
    const en = await createUser(t.app);
    for (const u of [es, en])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/password-reset',
            // The asker's language is not the recipient's: the mail follows the account.
            headers: { 'content-type': 'application/json', 'accept-language': 'de' },
            payload: JSON.stringify({ email: u.email }),
          })
        ).statusCode,
      ).toBe(202);
    const [mail] = await smtp.waitFor(es.email, 1);
    expect(mail!.subject).toBe('Restablece tu contraseña - FitBench');
    // No name: the address is not proven yet (server/src/mail/messages.ts).
    expect(mail!.text.startsWith('Hola:')).toBe(true);
    expect(mail!.text).toContain(
      'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de FitBench.',
    );
    expect(mail!.text).toContain(
      'Elegir una contraseña nueva:\nhttp://fitbench.test/reset-password',
    );
    expect(mail!.text).toContain('El equipo de FitBench');
    // A member who chose no language: the language of the request that asked (here German).
    const [other] = await smtp.waitFor(en.email, 1);
    expect(other!.subject).toBe('Setz dein Passwort zurück - FitBench');
  });
});

describe('link previews and share cards', () => {
  it("speak the sharer's language, named by the link's ?lang=", async () => {
    const u = await createUser(t.app, { username: 'SprachSam' });
    await createWorkout(t.app, u.id, { pushups: 42 });
    await createWorkout(t.app, u.id, { pushups: 17 });
    const de = (await t.app.inject({ url: '/users/SprachSam?lang=de', headers: BOT })).body;
    expect(metaOf(de, 'og:title')).toBe('SprachSam auf FitBench');
    expect(metaOf(de, 'og:description')).toBe(
      'Bestleistung: 42 Liegestütze in 90 Sekunden (Eingetragen). 2 Trainings auf FitBench eingetragen.',
    );
    expect(metaOf(de, 'og:image')).toBe('/api/share-cards/SprachSam.png?best=42&amp;lang=de');
    expect(metaOf(de, 'og:locale')).toBe('de_DE');
    expect(de).toContain('<html lang="de">');
    // Without it, English as before (the page kept for German is not the English one).
    const en = (await t.app.inject({ url: '/users/SprachSam', headers: BOT })).body;
    expect(metaOf(en, 'og:title')).toBe('SprachSam on FitBench');
    expect(metaOf(en, 'og:image')).toBe('/api/share-cards/SprachSam.png?best=42');
    expect(metaOf(en, 'og:locale')).toBe('en_US');
    expect(en).toContain('<html lang="en">');
    const timer = (
      await t.app.inject({ url: '/timer?beat=40&from=SprachSam&lang=de', headers: BOT })
    ).body;
    expect(metaOf(timer, 'og:title')).toBe('SprachSam hat 40 geschafft: Schaffst du mehr?');
    const spanish = (await t.app.inject({ url: '/users/SprachSam?lang=es', headers: BOT })).body;
    expect(metaOf(spanish, 'og:locale')).toBe('es_ES');
    expect(spanish).toContain('<html lang="es">');
    const card = await t.app.inject({ url: '/api/share-cards/SprachSam.png?best=42&lang=de' });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
  });

  it("writes a card's words in the language it is drawn in", () => {
    const pushups = CATALOGUE[0]!;
    const content: CardContent = {
      kind: 'profile',
      challenge: {
        id: pushups.id,
        title: pushups.title,
        scoring: pushups.scoring!,
        timer: pushups.timer!,
      },
      username: 'SprachSam',
      best: 42,
      tier: 'camera-counted',
    };
    expect(textsOf(inLanguage('de', () => cardTree(content)))).toEqual([
      'FitBench · 90-Sekunden-Liegestütz-Challenge',
      'SprachSam',
      '42',
      'Liegestütze in 90 s: Bestleistung',
      'Per Kamera gezählt · Schaffst du mehr?',
    ]);
    expect(textsOf(cardTree(content))).toEqual([
      'FitBench · 90 Second Push-up Challenge',
      'SprachSam',
      '42',
      'push-ups in 90 s: personal best',
      'Camera-counted · Can you beat it?',
    ]);
  });

  it("writes a club's card and a club challenge's result card in the sharer's language", () => {
    const club: CardContent = { kind: 'club', name: 'Frühaufsteher', memberCount: 1234 };
    expect(textsOf(inLanguage('de', () => cardTree(club)))).toEqual([
      'FitBench · Club',
      'Frühaufsteher',
      '1.234 Mitglieder',
      'Mach mit und tritt an',
    ]);
    expect(textsOf(cardTree(club))).toEqual([
      'FitBench · Club',
      'Frühaufsteher',
      '1,234 members',
      'Join us and compete',
    ]);
    const pushups = CATALOGUE[0]!;
    const result = (lang: 'en' | 'de' | 'es') =>
      inLanguage(lang, () =>
        textsOf(
          cardTree({
            kind: 'club-challenge',
            id: 1,
            club: 'Frühaufsteher',
            title: pushups.title,
            scoring: pushups.scoring!,
            days: cardDays('2026-12-03', '2026-12-10'),
            podium: [{ rank: 1, username: 'SprachSam', score: 42, capped: false }],
            participants: 1,
            reached: 3,
          }),
        ),
      );
    expect(result('en')).toEqual([
      'FitBench · Frühaufsteher',
      '90 Second Push-up Challenge · 3 Dec 2026 to 10 Dec 2026',
      '1. SprachSam',
      '42 push-ups',
      '1 member took part · 3 reached the target',
    ]);
    expect(result('de')).toEqual([
      'FitBench · Frühaufsteher',
      '90-Sekunden-Liegestütz-Challenge · 3. Dez. 2026 bis 10. Dez. 2026',
      '1. SprachSam',
      '42 Liegestütze',
      '1 Mitglied hat mitgemacht · 3 haben das Ziel erreicht',
    ]);
    expect(result('es')).toEqual([
      'FitBench · Frühaufsteher',
      'Reto de flexiones en 90 segundos · del 3 dic 2026 al 10 dic 2026',
      '1. SprachSam',
      '42 flexiones',
      '1 miembro participó · 3 alcanzaron el objetivo',
    ]);
  });
});
