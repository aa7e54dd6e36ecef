import { Workbox } from 'workbox-window';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

/**
 * Registers the service worker (production builds only; see main.tsx) and offers a new version
 * when one is waiting: "New version available" with Reload, which activates it and reloads once
 * it controls the page (docs/decisions/0055-pwa-and-offline-saves.md).
 */
export function startPwa() {
  const wb = new Workbox('/sw.js', { scope: '/' });
  const offerReload = () =>
    toast({
      title: 'New version available',
      description: 'Reload to use the latest FitBench.',
      action: (
        <Button
          type="button"
          size="sm"
          onClick={() => {
            wb.addEventListener('controlling', () => window.location.reload());
            wb.messageSkipWaiting();
          }}
        >
          Reload
        </Button>
      ),
    });
  wb.addEventListener('waiting', offerReload);
  // A blocked or failing registration leaves the app as a plain web page.
  wb.register().catch(() => undefined);
  // Look for a new version when the app comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') wb.update().catch(() => undefined);
  });
}
