import { sql } from 'drizzle-orm';
import type { LeaderboardPeriod, LeaderboardQuery } from '@common/schemas/leaderboard';
import type { Db } from '../../db/client';
import {
  boardArgs,
  boardBytes,
  boardKey,
  getMemberSetBoardJson,
  sliceBoard,
  toBoardText,
  type BoardCache,
  type MemberSet,
} from '../leaderboard';
import { acceptedEncoding, COMPRESS_THRESHOLD, type JsonEncoding } from '../../plugins/compression';

/**
 * The members on a club's board: all of them for the club's own members (`inside`); for anyone
 * else, its public members only. A private member is shown to their clubs and nowhere else
 * (docs/decisions/0165-club-boards.md).
 */
export const clubMembers = (clubId: number, inside: boolean): MemberSet =>
  sql`array(select cm.user_id from club_members cm join users u on u.id = cm.user_id
    where cm.club_id = ${clubId}::int and (${inside}::boolean or not u.is_private))`;

/**
 * A club's board as bytes for `accept-encoding` (the member-set engine over the club's members: the global board's bests, its
 * ranks, filters and Verified only; server/src/routes/leaderboard/member-set-board.ts) as JSON
 * text, cached with the other boards under its challenge's scope: a save or a delete on the
 * challenge drops it, and so does any change to a member or to a club's membership (both drop every
 * board, on every instance: the NOTIFY of leaderboard.sql and of migration 0021).
 */
export function clubBoardJson(
  db: Db,
  cache: BoardCache,
  kickFill: () => void,
  clubId: number,
  inside: boolean,
  period: LeaderboardPeriod,
  query: LeaderboardQuery,
  now: Date,
  acceptEncoding?: string,
): Promise<{ body: Buffer; encoding?: JsonEncoding }> {
  const args = boardArgs(period, query, now);
  const key = `club ${clubId}|${inside ? 'inside' : 'outside'}|${boardKey(args)}|${args.limit}`;
  return cache
    .getOrLoad(
      key,
      async () => {
        const { entries, pending } = await getMemberSetBoardJson(
          db,
          args,
          clubMembers(clubId, inside),
        );
        if (pending) kickFill();
        return toBoardText(entries);
      },
      query.challenge,
    )
    .then((board) => {
      // Compressed once per kept board, as the global board is (leaderboard.service.ts boardBytes).
      const encoding = acceptedEncoding(acceptEncoding);
      if (encoding && sliceBoard(board, args.limit).length >= COMPRESS_THRESHOLD)
        return { body: boardBytes(board, args.limit, encoding, !cache.isEnabled), encoding };
      return { body: boardBytes(board, args.limit, 'identity') };
    });
}
