import { useEffect, useRef } from 'react';
import { mayHaveQueued } from './last-user';

/**
 * Calls `sync` for the member when saves may wait on this device and the browser is online: as a
 * data screen first opens (app start), when the connection returns (`online`) and when the page
 * is shown again (docs/decisions/0055-pwa-and-offline-saves.md). Each feature with an outbox
 * (workouts, plan sessions) sends its own through it; the IndexedDB code loads only inside `sync`.
 */
export function useSyncTriggers(userId: number | null, sync: (userId: number) => Promise<unknown>) {
  const latest = useRef(sync);
  useEffect(() => {
    latest.current = sync;
  });
  useEffect(() => {
    if (userId === null) return;
    const run = () => {
      if (!mayHaveQueued(userId) || !navigator.onLine) return;
      void latest.current(userId).catch(() => undefined);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    run();
    window.addEventListener('online', run);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', run);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId]);
}
