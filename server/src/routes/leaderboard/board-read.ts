import {
  LEADERBOARD_LIMIT_MAX,
  type LeaderboardMe,
  type LeaderboardPeriod,
  type LeaderboardQuery,
} from '@common/schemas/leaderboard';
import type { Db } from '../../db/client';
import type { BoardCache } from './board-cache';
import { acceptedEncoding, COMPRESS_THRESHOLD, type JsonEncoding } from '../../plugins/compression';
import * as service from './leaderboard.service';
import * as memberSet from './member-set-board';
import type { MemberSet } from './member-set-board';
import type { PeriodFill } from './period-fill';
import type { PeriodsAhead } from './period-ahead';

/** A board as it is sent: its bytes, compressed or not. */
export interface BoardAnswer {
  body: Buffer;
  encoding?: JsonEncoding;
}

/** At most this many periods are remembered complete; then the memory starts again. */
const COMPLETE_MEMORY = 10_000;

/**
 * Everything one board read does, in one place (the route is a few lines): the board's key, the
 * length to load, the hint that a period is complete, the cache (scoped by challenge), and the
 * compression of the bytes sent. One per app (./board-reads.plugin.ts).
 * docs/decisions/0019-leaderboard-cache.md, 0073-first-board-of-a-period.md, 0098-challenge-catalogue.md
 */
export class BoardReads {
  // The periods (by challenge and instants) this app has read complete: a period, once complete,
  // stays so (a new one is filled once, section 5 of server/src/db/sql/leaderboard.sql). A hint:
  // a period missing here costs one read at the length asked for.
  private completeSpans = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly cache: BoardCache,
    private readonly periodFill: PeriodFill,
    private readonly periodsAhead: PeriodsAhead,
  ) {}

  private readonly kick = () => this.periodFill.kick();

  /**
   * The board's bytes for `accept-encoding`. With the cache on, the longest board of a complete
   * period is loaded and kept once per filter set; each request takes its prefix. A period not yet
   * seen complete may still be being built: it is read from its sets, where the 100 entries asked
   * for cost a fifth of 500, so it is read and kept at the length asked for. With the cache off,
   * only the rows asked for are read, and requests share a read only with others asking for the
   * same length.
   */
  async read(
    period: LeaderboardPeriod,
    query: LeaderboardQuery,
    now: Date,
    acceptEncoding: string | undefined,
  ): Promise<BoardAnswer> {
    this.periodsAhead.note(query.tz, now, query.challenge);
    const args = service.boardArgs(period, query, now);
    const spanKey = `${args.challenge}|${args.span}`;
    const whole = this.cache.isEnabled && this.completeSpans.has(spanKey);
    const loadLimit = whole ? LEADERBOARD_LIMIT_MAX : args.limit;
    const key = whole ? service.boardKey(args) : `${service.boardKey(args)}|first ${args.limit}`;
    const board = await this.cache.getOrLoad(
      key,
      async () => {
        const { entries, filling } = await service.getBoardJson(
          this.db,
          { ...args, limit: loadLimit },
          this.kick,
        );
        // A verified board registers no period (it reads workouts), so it proves nothing.
        if (!filling && !args.verified) this.noteComplete(spanKey);
        return service.toBoardText(entries);
      },
      args.challenge,
    );
    // Compressed once per board read, which the requests that shared the read (or the cache)
    // share too; a board that is not kept is compressed at the lowest level.
    const encoding = acceptedEncoding(acceptEncoding);
    if (encoding && service.sliceBoard(board, args.limit).length >= COMPRESS_THRESHOLD)
      return {
        body: service.boardBytes(board, args.limit, encoding, !this.cache.isEnabled),
        encoding,
      };
    return { body: service.boardBytes(board, args.limit, 'identity') };
  }

  /** The member's standing on the board (never cached: it is theirs alone). */
  me(
    userId: number,
    period: LeaderboardPeriod,
    query: Pick<LeaderboardQuery, 'tz' | 'verified' | 'challenge'>,
    now: Date,
  ): Promise<LeaderboardMe> {
    return service.getMyStanding(
      this.db,
      userId,
      period,
      query.tz,
      now,
      query.verified,
      query.challenge,
      this.kick,
    );
  }

  /**
   * The board of a set of members (./member-set-board.ts: the following board, a club's), as
   * bytes for `accept-encoding`. Not cached: each is one member's or one club's, read from the
   * bests by key (docs/decisions/0160-member-set-boards.md has the figures).
   */
  async readMembers(
    members: MemberSet,
    period: LeaderboardPeriod,
    query: LeaderboardQuery,
    now: Date,
    acceptEncoding: string | undefined,
  ): Promise<BoardAnswer> {
    this.periodsAhead.note(query.tz, now, query.challenge);
    const args = service.boardArgs(period, query, now);
    const { entries, pending } = await memberSet.getMemberSetBoardJson(this.db, args, members);
    if (pending) this.kick();
    const board = service.toBoardText(entries);
    const encoding = acceptedEncoding(acceptEncoding);
    if (encoding && board.json.length >= COMPRESS_THRESHOLD)
      return { body: service.boardBytes(board, args.limit, encoding, true), encoding };
    return { body: service.boardBytes(board, args.limit, 'identity') };
  }

  /** The member's standing on a set's board (never cached: it is theirs alone). */
  async meInMembers(
    members: MemberSet,
    userId: number,
    period: LeaderboardPeriod,
    query: Pick<LeaderboardQuery, 'tz' | 'verified' | 'challenge'>,
    now: Date,
  ): Promise<LeaderboardMe> {
    const { me, pending } = await memberSet.getMemberSetStanding(
      this.db,
      userId,
      period,
      query,
      now,
      members,
    );
    if (pending) this.kick();
    return me;
  }

  private noteComplete(span: string) {
    if (this.completeSpans.size >= COMPLETE_MEMORY) this.completeSpans.clear();
    this.completeSpans.add(span);
  }
}
