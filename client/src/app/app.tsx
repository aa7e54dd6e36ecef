import { useEffect, useState, type ComponentType } from 'react';
import { ToastRegionPlaceholder } from '@/components/ui/toast-region-placeholder';
import { useToasts } from '@/components/ui/use-toast';
import { AppLayout } from './layout/app-layout';
import { AppRoutes } from './router';

// Radix's toast (with its dismissable layer, portal and swipe code) is a tenth of the JS on `/`,
// and no page shows a toast on load: it loads with the first toast and then stays. Until then a
// placeholder keeps the "Notifications (F8)" landmark and its hotkey. Loaded into state rather
// than with React.lazy: a Suspense boundary reveals its content on a timer, which a page with a
// paused clock (the timer's tests) never runs. docs/decisions/0061-js-budget-on-root.md
function DeferredToaster() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const hasToasts = useToasts().length > 0;
  useEffect(() => {
    if (!hasToasts || Toaster) return;
    let live = true;
    import('@/components/ui/toaster').then(
      (m) => live && setToaster(() => m.default),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [hasToasts, Toaster]);
  return Toaster ? <Toaster /> : <ToastRegionPlaceholder />;
}

export function App() {
  return (
    <>
      <AppLayout>
        <AppRoutes />
      </AppLayout>
      <DeferredToaster />
    </>
  );
}
