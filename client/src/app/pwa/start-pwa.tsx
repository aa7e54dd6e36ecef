import { buttonVariants } from '@/components/ui/button-variants';
import { toast } from '@/components/ui/use-toast';
import { APP_NAME } from '@common/constants';
import { t } from '@lingui/core/macro';

/**
 * Registers the service worker (production builds only; see main.tsx) and offers a new version
 * when one is waiting: "New version available" with Reload, which activates it and reloads once
 * it controls the page (docs/decisions/0055-pwa-and-offline-saves.md).
 *
 * The platform's own registration API, not workbox-window: the app used four of its calls, and a
 * first visit to `/` loaded all of it (sizes: docs/decisions/0190-pwa-without-workbox-window.md).
 */
export function startPwa() {
  const sw = navigator.serviceWorker;
  let offered = false;
  const offerReload = (waiting: ServiceWorker) => {
    if (offered) return;
    offered = true;
    toast({
      title: t`New version available`,
      description: t`Reload to use the latest ${APP_NAME}.`,
      action: (
        // A plain button with Button's look: Button itself (with Radix's Slot) is in the screens'
        // shared chunk, which `/` does not load.
        <button
          type="button"
          className={buttonVariants({ size: 'sm' })}
          onClick={() => {
            sw.addEventListener('controllerchange', () => window.location.reload(), { once: true });
            // The worker's own message handler (vite-plugin-pwa's, registerType "prompt").
            waiting.postMessage({ type: 'SKIP_WAITING' });
          }}
        >
          {t`Reload`}
        </button>
      ),
    });
  };
  // A worker that finished installing while an older one controls the page waits for Reload. The
  // first worker (no controller yet) has nothing to replace: it takes the page over itself.
  const watch = (worker: ServiceWorker) => {
    const check = () => {
      if (worker.state === 'installed' && sw.controller) offerReload(worker);
    };
    check();
    worker.addEventListener('statechange', check);
  };
  sw.register('/sw.js', { scope: '/' }).then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // Undefined where the browser blocks workers (Playwright's serviceWorkers: 'block').
      if (!registration) return;
      if (registration.waiting) watch(registration.waiting);
      if (registration.installing) watch(registration.installing);
      registration.addEventListener('updatefound', () => {
        if (registration.installing) watch(registration.installing);
      });
      // Look for a new version when the app comes back to the foreground.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
      });
    },
    // A blocked or failing registration leaves the app as a plain web page.
    () => undefined,
  );
}
