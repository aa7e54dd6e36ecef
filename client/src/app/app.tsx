import { lazy, Suspense, useState } from 'react';
import { useToasts } from '@/components/ui/use-toast';
import { AppLayout } from './layout/app-layout';
import { AppRoutes } from './router';

// Radix's toast (with its dismissable layer, portal and swipe code) is a tenth of the JS on `/`,
// and no page shows a toast on load: it loads with the first toast and then stays.
// docs/decisions/1252-js-budget-on-root.md
const Toaster = lazy(() => import('@/components/ui/toaster'));

function DeferredToaster() {
  const [needed, setNeeded] = useState(false);
  const hasToasts = useToasts().length > 0;
  if (hasToasts && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
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
