import { t } from '@lingui/core/macro';
import { Redirect, useLocation, useSearch } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-user';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { authReason } from '@/features/auth/utils/auth-reason';
import { nextFromSearch } from '@/features/auth/utils/next-path';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Sign in or register, then on to `?next=` (a same-origin path) or the catalogue. */
export default function AuthRoute() {
  const user = useUser();
  const [, navigate] = useLocation();
  const next = nextFromSearch(useSearch());
  useDocumentTitle(t`Sign in`);
  if (user.isPending) return <PageSpinner />;
  if (user.data) return <Redirect to={next} replace />;
  return (
    <AuthScreen reason={authReason(next)} onSuccess={() => navigate(next, { replace: true })} />
  );
}
