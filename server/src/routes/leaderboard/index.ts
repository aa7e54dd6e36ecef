// The leaderboard module's entry: the only file of routes/leaderboard/ the rest of the server
// imports (app.ts also registers ./leaderboard.routes.ts). Its parts: the boards' reads
// (leaderboard.service.ts, member-set-board.ts, board-read.ts), their cache (board-cache.ts), the
// periods and their background fill (period*.ts), the plugins that give each app its share of
// them (*.plugin.ts). Its SQL (functions and triggers) stays in server/src/db/sql/leaderboard.sql,
// applied with the migrations when the database opens.
// docs/decisions/0214-the-leaderboard-module-and-server-fences.md
export {
  BOARD_CHANNEL,
  BoardCache,
  connectBoardCache,
  FOLLOWS_SCOPE,
  listenForBoardChanges,
} from './board-cache';
export { boardCache } from './board-cache.plugin';
export { boardReads } from './board-reads.plugin';
export { periodFill } from './period-fill.plugin';
export { FILL_BATCH } from './period-fill';
export {
  boardArgs,
  boardBytes,
  bounds,
  boardKey,
  sliceBoard,
  toBoardText,
} from './leaderboard.service';
export { getMemberSetBoardJson, type MemberSet } from './member-set-board';
export { periodRangeAt } from './period';
