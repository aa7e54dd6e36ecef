import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-user';
import { paths } from '@/config/paths';

/** Spinner while the user loads, /auth for a visitor, the screen otherwise. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useUser();
  if (user.isPending) return <PageSpinner />;
  if (!user.data) return <Redirect to={paths.auth.getHref()} replace />;
  return <>{children}</>;
}
