import fp from 'fastify-plugin';
import { PeriodFill } from './period-fill';
import { PeriodsAhead } from './period-ahead';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's background fill of new board periods (server/src/routes/leaderboard/period-fill.ts). */
    periodFill: PeriodFill;
    /** This app's zones asked for lately and the periods they need next (period-ahead.ts). */
    periodsAhead: PeriodsAhead;
  }
}

/**
 * The boards' background work, one per app (two apps in one process share nothing): the fill of
 * new periods, resumed at start and stopped after its batch at close, and the periods registered
 * ahead of the zones asked for. docs/decisions/0066-periods-without-blocking.md, 0071-periods-ahead.md
 */
export const periodFill = fp(
  async (app) => {
    const fill = new PeriodFill(app.db, app.config.periodFillBatch);
    app.decorate('periodFill', fill);
    app.decorate('periodsAhead', new PeriodsAhead(app.db, fill));
    let stopAhead: (() => void) | undefined;
    app.addHook('onReady', async () => {
      fill.kick();
      stopAhead = app.periodsAhead.schedule(app.now, (err) =>
        app.log.warn({ err }, 'preparing periods ahead failed'),
      );
    });
    app.addHook('onClose', async () => {
      stopAhead?.();
      await fill.stop();
    });
  },
  { name: 'period-fill' },
);
