import { QueryClient } from '@tanstack/react-query';

// docs/product.md#fetching: no refetch interval, no refetch on focus, data never stale, no retries.
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
