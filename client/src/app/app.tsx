import { useEffect, useState, type ComponentType } from 'react';
import { ToastRegionPlaceholder } from '@/components/ui/toast-region-placeholder';
import { PageSpinner } from '@/components/ui/spinner';
import { useToasts } from '@/components/ui/use-toast';
import { useServedChallengesVersion } from '@/lib/challenges';
import { useLocale } from '@/lib/i18n';
import { AppLayout } from './layout/app-layout';
import { AppRoutes } from './router';

// Radix's toast (with its dismissable layer, portal and swipe code) is a tenth of the JS on `/`,
// and no page shows a toast on load: it loads with the first toast and then stays. Until then a
// placeholder keeps the "Notifications (F8)" landmark and its hotkey. Loaded into state rather
// than with React.lazy: a Suspense boundary reveals its content on a timer, which a page with a
// paused clock (the timer's tests) never runs. docs/decisions/0061-js-budget-on-root.md
// If it cannot load (offline, no service worker), the placeholder shows the toasts as plain notes.
function DeferredToaster() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  const toasts = useToasts();
  const hasToasts = toasts.length > 0;
  useEffect(() => {
    if (!hasToasts || Toaster) return;
    let live = true;
    import('@/components/ui/toaster').then(
      (m) => live && setToaster(() => m.default),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [hasToasts, Toaster]);
  return Toaster ? <Toaster /> : <ToastRegionPlaceholder items={failed ? toasts : []} />;
}

export function App() {
  // The routes and every screen are drawn from the open challenges: when the server's answer
  // changes them (a shell from the service worker's cache), they are drawn again from the start
  // (docs/decisions/0195-open-challenges-beside-a-cached-shell.md).
  const challenges = useServedChallengesVersion();
  // A language switch draws every screen again in the new language (lib/i18n.ts).
  const locale = useLocale();
  return (
    <>
      {challenges === null ? (
        <PageSpinner />
      ) : (
        <AppLayout key={`${challenges} ${locale}`}>
          <AppRoutes />
        </AppLayout>
      )}
      <DeferredToaster />
    </>
  );
}
