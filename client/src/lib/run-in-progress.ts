import { useEffect, useSyncExternalStore } from 'react';

// While a timed set runs, the layout drops its header and bottom bars (a full-screen run: nothing
// to tap by mistake beside the pad). The timer says so here; the layout reads it. One flag, no
// provider: only one run can be on screen at a time.
let running = false;
const listeners = new Set<() => void>();

function setRunning(next: boolean) {
  if (next === running) return;
  running = next;
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while a run is on screen. */
export function useRunInProgress(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => running,
    () => false,
  );
}

/** Marks a run as on screen while `active` (and clears it when the caller unmounts). */
export function useMarkRunInProgress(active: boolean) {
  useEffect(() => {
    if (!active) return;
    setRunning(true);
    return () => setRunning(false);
  }, [active]);
}
