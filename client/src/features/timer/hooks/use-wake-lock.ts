import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (the run). The browser drops the lock when the page is hidden,
 * so it is asked for again when the page is shown. Where the API is missing or refuses (battery
 * saver, no permission), nothing happens.
 */
export function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let cancelled = false;

    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (cancelled) lock.release().catch(() => undefined);
        else sentinel = lock;
      } catch {
        // Refused: the run goes on without it.
      }
    };
    const onVisibility = () => void acquire();

    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', onVisibility);
      sentinel?.release().catch(() => undefined);
      sentinel = null;
    };
  }, [active]);
}
