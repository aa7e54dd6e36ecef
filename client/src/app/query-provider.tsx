import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { bindUserToQueryClient } from '@/features/auth/api/user-query-bridge';
import { makeQueryClient } from '@/lib/query-client';

// Loaded with the first screen that fetches data (every screen but the catalogue and the 404), so
// `/` does without TanStack Query. One client for the page's life: screens come and go, the
// cache stays. docs/decisions/1252-js-budget-on-root.md
const queryClient = makeQueryClient();
bindUserToQueryClient(queryClient);

export default function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
