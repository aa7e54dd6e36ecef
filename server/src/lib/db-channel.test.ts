import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { env } from '../env';
import { listenToChannel } from './db-channel';

// On the PostgreSQL server the tests run against (TEST_DATABASE_URL); skipped without one.
describe.runIf(env.TEST_DATABASE_URL)('listenToChannel', () => {
  const url = env.TEST_DATABASE_URL!;
  const handlers = () => ({ onNotify: vi.fn(), onUp: vi.fn(), onDown: vi.fn(), log: vi.fn() });

  it('passes on what is notified once it is up', async () => {
    const h = handlers();
    const stop = listenToChannel(url, 'fitbench_channel_test', h);
    try {
      await vi.waitFor(() => expect(h.onUp).toHaveBeenCalled(), { timeout: 10_000 });
      const sender = new pg.Client({ connectionString: url });
      await sender.connect();
      await sender.query(`notify fitbench_channel_test, 'hello'`);
      await sender.end();
      await vi.waitFor(() => expect(h.onNotify).toHaveBeenCalledWith('hello'), { timeout: 10_000 });
      expect(h.log).not.toHaveBeenCalled();
    } finally {
      await stop();
    }
  });

  it('says nothing when stopped while still connecting (a server closed right after its start)', async () => {
    const h = handlers();
    const stop = listenToChannel(url, 'fitbench_channel_test', h);
    // The driver loads and the connection opens on later turns: this stop comes first.
    await new Promise((r) => setImmediate(r));
    await stop();
    await new Promise((r) => setTimeout(r, 300));
    expect(h.log).not.toHaveBeenCalled();
    expect(h.onUp).not.toHaveBeenCalled();
  });
});
