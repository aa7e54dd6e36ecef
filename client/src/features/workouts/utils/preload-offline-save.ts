/**
 * What a save needs without a connection, loaded while there is one: the outbox (with idb), the
 * proof clips' store (a camera run's clip is kept as the run ends) and the toaster that says "Saved on this device". Without a service worker (a first visit before it
 * has installed, a browser without one) nothing would serve them offline
 * (docs/decisions/0196-offline-saves-without-a-worker-and-remote-sign-out.md). The save screens
 * ask for it as they open, the timer as a run starts; a failure is the save's to report, if it
 * comes to that (api/create-workout.ts). No static imports: the timer's first paint stays as it was.
 */
export const preloadOfflineSave = (): Promise<void> =>
  Promise.all([
    import('@/lib/offline/outbox'),
    import('@/lib/offline/clips'),
    import('@/components/ui/toaster'),
  ]).then(
    () => undefined,
    () => undefined,
  );
