import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-user';
import { paths } from '@/config/paths';

/**
 * Spinner while the user loads, sign-in for a visitor, the screen otherwise. A visitor's sign-in
 * carries the address they asked for (a beat link's target included) and comes back to it.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useUser();
  const [pathname] = useLocation();
  const search = useSearch();
  if (user.isPending) return <PageSpinner />;
  if (!user.data)
    return (
      <Redirect to={paths.auth.getHref(search ? `${pathname}?${search}` : pathname)} replace />
    );
  return <>{children}</>;
}
