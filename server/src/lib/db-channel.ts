import type pg from 'pg';
import { loadPg } from '../db/pg-driver';

export interface ChannelHandlers {
  onNotify: (payload: string) => void;
  /** Connected and listening: anything may have changed while down, start from empty. */
  onUp: () => void;
  /** Not listening (yet, or any more). */
  onDown: () => void;
  log: (msg: string) => void;
}

/** One LISTEN connection to PostgreSQL, reconnected with a growing delay. Returns a stop function. */
export function listenToChannel(url: string, channel: string, handlers: ChannelHandlers) {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 250;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    handlers.onDown();
    const pg = await loadPg();
    if (stopped) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', (n) => handlers.onNotify(n.payload ?? ''));
    c.on('error', (err) => handlers.log(`${channel} channel error: ${err.message}`));
    c.on('end', () => {
      handlers.onDown();
      if (!stopped) retry();
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
      delay = 250;
      if (!stopped) handlers.onUp();
    } catch (err) {
      // Stopped while connecting (a server closing soon after its start): nothing went wrong.
      if (!stopped) handlers.log(`${channel} channel unavailable: ${(err as Error).message}`);
      await c.end().catch(() => undefined);
    }
  };
  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, 10_000);
  };

  void connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    handlers.onDown();
    await client?.end().catch(() => undefined);
  };
}
