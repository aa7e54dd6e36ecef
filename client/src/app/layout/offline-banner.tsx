import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { t } from '@lingui/core/macro';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Marks every screen while offline: what shows is what was last loaded; saves wait on the device. */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-2 bg-foreground px-3 py-1.5 text-center text-sm text-background"
      data-testid="offline-banner"
    >
      <WifiOff className="size-4" aria-hidden="true" />
      {t`Offline: showing what was last loaded. Workouts you save are kept and sent later.`}
    </p>
  );
}
