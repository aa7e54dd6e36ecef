import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useUser } from '@/features/auth/api/get-user';
import { bindUserToQueryClient } from '@/features/auth/api/user-query-bridge';
import { usePlanOutboxSync } from '@/features/plans/hooks/use-plan-outbox-sync';
import { useOutboxSync } from '@/features/workouts/hooks/use-outbox-sync';
import { persistQueryCache } from '@/lib/offline/query-cache';
import { makeQueryClient } from '@/lib/query-client';
import { useLanguageSync } from './layout/use-language-sync';
import { useTimeZoneSync } from './layout/use-time-zone-sync';

// Loaded with the first screen that fetches data (every screen but the catalogue and the 404), so
// `/` does without TanStack Query. One client for the page's life: screens come and go, the
// cache stays. docs/decisions/0061-js-budget-on-root.md
export const queryClient = makeQueryClient();
persistQueryCache(queryClient);
bindUserToQueryClient(queryClient);

/**
 * Saves made offline (workouts, plan sessions) are sent when a data screen opens (app start), when
 * back online and when the app is shown again (docs/decisions/0055-pwa-and-offline-saves.md). Here, because the sync
 * refreshes queries: `/` (the catalogue) has no query client and nothing to refresh.
 */
function OutboxSync() {
  const { data: user } = useUser();
  useOutboxSync(user?.id ?? null);
  usePlanOutboxSync(user?.id ?? null);
  // Inside the provider: it sets the user query's data (the layout is outside it on `/`).
  useTimeZoneSync();
  useLanguageSync();
  return null;
}

export default function QueryProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <OutboxSync />
      {children}
    </QueryClientProvider>
  );
}
