import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories';

// Server messages in the member's language (server/src/lib/i18n.ts): the setting, else
// Accept-Language, else English, which stays the spec's words.
const t = useTestApp({ loginMaxFailures: 2 });
let ipSeq = 0;
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

function login(body: object, headers: Record<string, string> = {}, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: body,
    headers,
    remoteAddress: ip,
  });
}

describe('server messages by language', () => {
  it('says a wrong password in German or Spanish when asked, in English by default', async () => {
    const user = await createUser(t.app);
    const wrong = { username: user.username, password: 'not-the-password' };
    const de = await login(wrong, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(de.statusCode).toBe(401);
    expect(de.json()).toEqual({ message: 'Benutzername oder Passwort ist falsch.' });
    const es = await login(wrong, { 'accept-language': 'es-MX' });
    expect(es.json()).toEqual({ message: 'Nombre de usuario o contraseña incorrectos.' });
    const plain = await login(wrong);
    expect(plain.json()).toEqual({ message: 'Invalid username or password.' });
    const french = await login(wrong, { 'accept-language': 'fr-FR, it' });
    expect(french.json()).toEqual({ message: 'Invalid username or password.' });
  });

  it('says validation messages (shared with the client) in the language asked for', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'ab', email: 'nope', password: '12345' },
      headers: { 'accept-language': 'de' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors.username).toEqual(['Der Benutzername muss mindestens 3 Zeichen lang sein']);
    expect(body.errors.email).toEqual(['Ungültige E-Mail-Adresse']);
    expect(body.errors.password).toEqual(['Das Passwort muss mindestens 6 Zeichen lang sein']);
  });

  it('puts figures into a translated message with its plural', async () => {
    const user = await createUser(t.app);
    const ip = freshIp();
    const wrong = { username: user.username, password: 'nope-nope' };
    for (let i = 0; i < 2; i++) await login(wrong, {}, ip);
    const res = await login(wrong, { 'accept-language': 'de' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(
      /^Zu viele fehlgeschlagene Anmeldeversuche\. Bitte versuche es in \d+ Minuten? noch einmal\.$/,
    );
    const en = await login(wrong, {}, ip);
    expect(en.json().message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in \d+ minutes\.$/,
    );
  });

  it('keeps the member setting, which wins over Accept-Language', async () => {
    const user = await createUser(t.app);
    const patch = (payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        payload,
        headers: { cookie: user.cookie, ...headers },
      });
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: user.cookie } });
    expect(me.json().language).toBeNull();
    const set = await patch({ language: 'es' });
    expect(set.statusCode).toBe(200);
    expect(set.json().language).toBe('es');
    const bad = await patch({ language: 'fr' }, { 'accept-language': 'de' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El idioma debe ser en, de o es');
    const cleared = await patch({ language: null });
    expect(cleared.json().language).toBeNull();
    const english = await patch({ language: 'fr' });
    expect(english.json().message).toBe('The language must be one of en, de, es');
    // Signed in with the right password: the setting is not asked for by a visitor.
    expect((await login({ username: user.username, password: DEFAULT_PASSWORD })).statusCode).toBe(
      200,
    );
  });
});
