import { beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_REFUSALS, type AuditEntry } from '@common/schemas/moderation';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, DEFAULT_PASSWORD, type MadeUser } from '../../test/factories';
import { setModerator } from './moderation.service';

// Nobody moderates their own sets, profile or club; a moderator's are for an operator, who revokes
// the role from the command line first; the audit log keeps who acted after their account is gone
// (docs/decisions/0207-moderation-queue-and-moderators.md).
const t = useTestApp();

let mod: MadeUser;
let other: MadeUser;
beforeAll(async () => {
  mod = await createUser(t.app, { role: 'moderator' });
  other = await createUser(t.app, { role: 'moderator' });
});

const act = (as: MadeUser, action: string, target: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/moderation/actions',
    headers: as.headers,
    payload: { action, target, reason: 'Looked at it' },
  });
const report = (by: MadeUser, target: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: by.headers,
    payload: { target, reason: 'fake-score' },
  });
const me = (u: MadeUser) => t.app.inject({ url: '/api/user', headers: u.headers });

describe('what a moderator may act on', () => {
  it('not their own set or profile: no dismissing reports on them, no unhiding what another moderator hid', async () => {
    const w = await createWorkout(t.app, mod.id, { pushups: 299 });
    const reporter = await createUser(t.app);
    expect((await report(reporter, { kind: 'workout', workoutId: w.id })).statusCode).toBe(201);
    expect((await report(reporter, { kind: 'member', username: mod.username })).statusCode).toBe(
      201,
    );
    for (const [action, target] of [
      ['dismiss-reports', { kind: 'workout', workoutId: w.id }],
      ['dismiss-reports', { kind: 'member', username: mod.username }],
      ['hide-workout', { kind: 'workout', workoutId: w.id }],
      ['clear-full-name', { kind: 'member', username: mod.username }],
      ['suspend', { kind: 'member', username: mod.username }],
    ] as const) {
      const res = await act(mod, action, target);
      expect(res.statusCode, `${action} ${res.body}`).toBe(403);
      expect(res.json().message).toBe(MODERATION_REFUSALS.own);
    }
    // The reports stay open for the other moderators... who may not act on a fellow either.
    const seen = (
      await t.app.inject({ url: `/api/moderation/workouts/${w.id}`, headers: other.headers })
    ).json();
    expect(seen.reports).toHaveLength(1);
    const refused = await act(other, 'hide-workout', { kind: 'workout', workoutId: w.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MODERATION_REFUSALS.fellow);
  });

  it('not a fellow moderator: no suspension (their sessions live on) until an operator revokes the role', async () => {
    const fellow = await createUser(t.app, { role: 'moderator' });
    const w = await createWorkout(t.app, fellow.id, { pushups: 50 });
    for (const [action, target] of [
      ['suspend', { kind: 'member', username: fellow.username }],
      ['hide-workout', { kind: 'workout', workoutId: w.id }],
      ['clear-picture', { kind: 'member', username: fellow.username }],
    ] as const) {
      const res = await act(mod, action, target);
      expect(res.statusCode, `${action} ${res.body}`).toBe(403);
      expect(res.json().message).toBe(MODERATION_REFUSALS.fellow);
    }
    expect((await me(fellow)).statusCode).toBe(200);
    // The operator's command (npm run moderator -- revoke), then a moderator may act.
    await setModerator(t.app.db, fellow.username, false);
    expect(
      (await act(mod, 'suspend', { kind: 'member', username: fellow.username })).statusCode,
    ).toBe(201);
    expect((await me(fellow)).statusCode).toBe(401);
  });

  it('not a club they are an admin of', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/clubs',
      headers: mod.headers,
      payload: { name: `Mods Own ${Date.now() % 100000}`, visibility: 'public' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { slug } = made.json() as { slug: string };
    const res = await act(mod, 'remove-club', { kind: 'club', slug });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MODERATION_REFUSALS.ownClub);
    expect((await act(other, 'remove-club', { kind: 'club', slug })).statusCode).toBe(201);
  });
});

describe('the audit log', () => {
  it("keeps the moderator's name after they delete their account", async () => {
    const leaving = await createUser(t.app, { role: 'moderator' });
    const member = await createUser(t.app);
    const w = await createWorkout(t.app, member.id, { pushups: 70 });
    const done = await act(leaving, 'hide-workout', { kind: 'workout', workoutId: w.id });
    expect(done.statusCode, done.body).toBe(201);
    const id = (done.json().entry as AuditEntry).id;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: leaving.headers,
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    const log = (
      await t.app.inject({ url: '/api/moderation/log?limit=200', headers: mod.headers })
    ).json().entries as AuditEntry[];
    expect(log.find((e) => e.id === id)).toMatchObject({
      moderator: leaving.username,
      action: 'hide-workout',
    });
  });
});
