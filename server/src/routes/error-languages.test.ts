import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createUser, createWorkout } from '../test/factories';

// Errors with figures or names in them, in the request's language (server/src/locales/): the
// member's setting, else Accept-Language; without either, the spec's English as it always was.
const t = useTestApp({
  saveMax: 1,
  saveWindowMs: 60 * 60_000,
  kudosMax: 1,
  socialWindowMs: 60_000,
});
const lang = (tag?: string) => (tag ? { 'accept-language': tag } : {});

describe('route errors', () => {
  it('say an unknown API route in the language asked for, English by default', async () => {
    const ask = (tag?: string) =>
      t.app.inject({ url: '/api/no-such-route?x=1', headers: lang(tag) });
    const en = await ask();
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ message: 'No API route matches GET /api/no-such-route.' });
    expect((await ask('de-DE,de;q=0.9')).json().message).toBe(
      'Keine API-Route passt zu GET /api/no-such-route.',
    );
    expect((await ask('es')).json().message).toBe(
      'Ninguna ruta de la API coincide con GET /api/no-such-route.',
    );
  });

  it('say a method a path does not have (405) in the language asked for', async () => {
    const ask = (tag?: string) =>
      t.app.inject({ method: 'DELETE', url: '/api/health', headers: lang(tag) });
    const en = await ask();
    expect(en.statusCode).toBe(405);
    expect(en.headers.allow).toBe('GET, HEAD');
    expect(en.json()).toEqual({
      message: 'DELETE is not allowed on /api/health. Allowed: GET, HEAD.',
    });
    expect((await ask('de')).json().message).toBe(
      'DELETE ist für /api/health nicht erlaubt. Erlaubt: GET, HEAD.',
    );
    expect((await ask('es')).json().message).toBe(
      'DELETE no está permitido en /api/health. Permitidos: GET, HEAD.',
    );
  });

  it('say an unknown query parameter in the language asked for, with the field message', async () => {
    const ask = (tag?: string) => t.app.inject({ url: '/api/health?limt=5', headers: lang(tag) });
    const en = await ask();
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      message: 'Unknown query parameter "limt". It takes none.',
      errors: { limt: ['Not a query parameter of this route'] },
    });
    expect((await ask('de')).json()).toEqual({
      message: 'Unbekannter Query-Parameter "limt". Diese Route nimmt keine.',
      errors: { limt: ['Kein Query-Parameter dieser Route'] },
    });
  });
});

describe('rate limits', () => {
  it('say the wait with its plural: minutes, then seconds, in the language asked for', async () => {
    t.clock.set('2026-11-21T14:00:00Z');
    const u = await createUser(t.app);
    const save = (tag?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/workouts',
        headers: { ...u.headers, ...lang(tag) },
        payload: { pushups: 12 },
      });
    expect((await save()).statusCode).toBe(201);
    const en = await save();
    expect(en.statusCode).toBe(429);
    expect(en.json().message).toBe(
      'You have saved 1 workouts recently. You can save again in 60 minutes; your count is kept until then.',
    );
    expect((await save('de')).json().message).toBe(
      'Du hast zuletzt 1 Workout gespeichert. In 60 Minuten kannst du wieder speichern; deine Zahl bleibt bis dahin erhalten.',
    );
    t.clock.advance(60 * 60_000 - 1_000);
    expect((await save()).json().message).toMatch(/save again in 1 second;/);
    expect((await save('es')).json().message).toBe(
      'Has guardado 1 entrenamiento hace poco. Podrás volver a guardar dentro de 1 segundo; tu cifra se conserva hasta entonces.',
    );
  });

  it("say a member's own language before the request's, and one minute as one", async () => {
    const owner = await createUser(t.app);
    const [a, b] = [
      await createWorkout(t.app, owner.id, { pushups: 20 }),
      await createWorkout(t.app, owner.id, { pushups: 21 }),
    ];
    const fan = await createUser(t.app, { language: 'es' });
    const kudos = (id: number, tag?: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/workouts/${id}/kudos`,
        headers: { ...fan.headers, ...lang(tag) },
      });
    expect((await kudos(a.id)).statusCode).toBe(200);
    const refused = await kudos(b.id, 'de');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Has dado muchos kudos en poco tiempo. Vuelve a intentarlo dentro de 1 minuto.',
    );
    const english = await createUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: `/api/workouts/${a.id}/kudos`,
      headers: english.headers,
    });
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/workouts/${b.id}/kudos`,
      headers: english.headers,
    });
    expect(again.json().message).toBe(
      'You have given many kudos in a short time. Please try again in 1 minutes.',
    );
  });
});

describe('validation messages', () => {
  it("say common/schemas' messages and their text rules in the language asked for", async () => {
    const u = await createUser(t.app);
    const patch = (payload: object, tag?: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { ...u.headers, ...lang(tag) },
        payload,
      });
    const bad = { age: 3, fullName: 'Zoë\u200bLukas', isPrivate: 'yes' };
    const en = await patch(bad);
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual({
      age: ['Age must be at least 5'],
      fullName: ['Full name must not contain invisible characters (such as zero-width spaces)'],
      isPrivate: ['isPrivate must be true or false'],
    });
    expect((await patch(bad, 'de')).json().errors).toEqual({
      age: ['Das Alter muss mindestens 5 sein'],
      fullName: [
        'Vollständiger Name: darf keine unsichtbaren Zeichen enthalten (etwa Leerzeichen ohne Breite)',
      ],
      isPrivate: ['isPrivate muss true oder false sein'],
    });
    const es = await patch({ fullName: 'x'.repeat(81) }, 'es');
    expect(es.json().errors.fullName).toEqual(['Nombre completo: como máximo 80 caracteres']);
  });
});
