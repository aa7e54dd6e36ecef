import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { useTestApp } from '../../test/app';
import { sliceBoard, toBoardText } from './leaderboard.service';

// The database writes each board entry's JSON (lb_entry_json, server/src/db/sql/leaderboard.sql)
// and the server joins the lines without decoding them (docs/decisions/0076-board-rows-read-alone.md).
const t = useTestApp();

const entryJson = async (
  username: string,
  picture: string | null,
  age: number | null,
  gender: string | null,
  pushups = true,
) => {
  const [row] = await rowsOf<{ json: string }>(
    t.app.db,
    sql`select lb_entry_json(7, ${username}, 3::bigint, 42, '2026-11-22T01:02:03.4567Z'::timestamptz,
          ${age}::int, ${gender}::text, ${picture}::text, true, ${pushups}::boolean) as json`,
  );
  return row!.json;
};

describe('board entries as the database writes them', () => {
  it('are the compact JSON of the API shape, keys in order, createdAt as toISOString writes it', async () => {
    const entry = {
      id: 7,
      username: 'sam',
      rank: 3,
      score: 42,
      createdAt: '2026-11-22T01:02:03.456Z',
      age: 31,
      gender: 'female',
      profilePicture: '/api/avatars/abc',
      verified: true,
      tier: 'entered',
      pushups: 42,
    };
    expect(await entryJson('sam', '/api/avatars/abc', 31, 'female')).toBe(JSON.stringify(entry));
    expect(JSON.parse(await entryJson('sam', null, null, null))).toMatchObject({
      age: null,
      gender: null,
      profilePicture: null,
    });
    // Another challenge's board: the score alone.
    const { pushups: _first, ...other } = entry;
    expect(await entryJson('sam', '/api/avatars/abc', 31, 'female', false)).toBe(
      JSON.stringify(other),
    );
  });

  it('escape quotes, backslashes and control characters, so an entry is always one line', async () => {
    const odd = 'a"b\\c\nd\te\u0001f é 💪';
    const json = await entryJson(odd, odd, 20, odd);
    expect(json).not.toContain('\n');
    expect(JSON.parse(json)).toMatchObject({ username: odd, profilePicture: odd, gender: odd });
    const board = toBoardText([json, json].join('\n'));
    expect(JSON.parse(board.json)).toHaveLength(2);
    expect(JSON.parse(sliceBoard(board, 1))).toEqual([JSON.parse(json)]);
  });

  it('an empty board is an empty array', () => {
    const board = toBoardText('');
    expect(board).toEqual({ json: '[]', ends: [] });
    expect(sliceBoard(board, 10)).toBe('[]');
  });
});
