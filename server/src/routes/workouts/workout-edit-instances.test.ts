import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { BoardCache, connectBoardCache } from '../leaderboard';
import { untilEnabled, useTestApp } from '../../test/app';
import { createUser, createWorkout } from '../../test/factories';

// Two instances on one database, each with its own board cache fed by the database's
// announcements, as two server processes have on PostgreSQL (the pattern of
// ../moderation/moderation-instances.test.ts): an edit answered by one is on the other's boards
// and public profile at once (docs/decisions/0203-editing-a-set.md).
const t = useTestApp({}, { boardCache: new BoardCache() });

describe('an edit across two instances on one database', () => {
  let other: App;
  const otherBoards = new BoardCache();
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    other = await buildApp({ db: t.database.db, boardCache: otherBoards });
    stop = await connectBoardCache(t.database, otherBoards, () => undefined);
    await other.ready();
    await untilEnabled(otherBoards);
  });
  afterAll(async () => {
    await stop?.();
    await other?.close();
  });

  const scoreOn = async (app: App, username: string, url: string) =>
    ((await app.inject({ url })).json() as { username: string; score: number }[]).find(
      (e) => e.username === username,
    )?.score;
  // Reads until the other instance shows `want` (its notice arrives a moment after the commit on
  // PostgreSQL); a stale cache would keep the old score for as long as it lives.
  const until = async (read: () => Promise<unknown>, want: unknown) => {
    for (let i = 0; i < 200; i++) {
      if ((await read()) === want) return true;
      await new Promise((r) => setTimeout(r, 10));
    }
    return false;
  };

  it("a lowered best leaves the other instance's cached boards and profile", async () => {
    const u = await createUser(t.app);
    const w = await createWorkout(t.app, u.id, { pushups: 287 });
    await createWorkout(t.app, u.id, { pushups: 33 });
    const onBoard = () => scoreOn(other, u.username, '/api/leaderboard/all_time');
    const onToday = () => scoreOn(other, u.username, '/api/leaderboard/today');
    const profileBest = async () =>
      (
        (await other.inject({ url: `/api/users/${u.username}` })).json() as {
          stats: { bestScore: number };
        }
      ).stats.bestScore;
    // Cached there first.
    expect(await until(onBoard, 287)).toBe(true);
    expect(await until(onToday, 287)).toBe(true);
    expect(await until(profileBest, 287)).toBe(true);
    expect(otherBoards.size).toBeGreaterThan(0);

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/workouts/${w.id}`,
      headers: u.headers,
      payload: { score: 12 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await until(onBoard, 33)).toBe(true);
    expect(await until(onToday, 33)).toBe(true);
    expect(await until(profileBest, 33)).toBe(true);
    // And the writer's own instance at once, with no wait.
    expect(await scoreOn(t.app, u.username, '/api/leaderboard/all_time')).toBe(33);
  });
});
