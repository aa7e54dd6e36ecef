import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { makeQueryClient } from '@/lib/query-client';
import { AppLayout } from './layout/app-layout';
import { AppRoutes } from './router';

export function App() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout>
        <AppRoutes />
      </AppLayout>
      <Toaster />
    </QueryClientProvider>
  );
}
