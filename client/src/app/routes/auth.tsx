import { Redirect, useLocation } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-user';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { paths } from '@/config/paths';

export default function AuthRoute() {
  const user = useUser();
  const [, navigate] = useLocation();
  if (user.isPending) return <PageSpinner />;
  if (user.data) return <Redirect to={paths.catalogue.getHref()} replace />;
  return <AuthScreen onSuccess={() => navigate(paths.catalogue.getHref(), { replace: true })} />;
}
