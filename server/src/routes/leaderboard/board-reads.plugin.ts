import fp from 'fastify-plugin';
import { BoardReads } from './board-read';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's board reads: key, length, completeness hint, cache and compression (board-read.ts). */
    boardReads: BoardReads;
  }
}

/** One BoardReads per app, over its database, board cache and background fill. */
export const boardReads = fp(
  async (app) => {
    app.decorate(
      'boardReads',
      new BoardReads(app.db, app.boardCache, app.periodFill, app.periodsAhead),
    );
  },
  { name: 'board-reads', dependencies: ['board-cache', 'period-fill'] },
);
