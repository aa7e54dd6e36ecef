import { Redirect, useLocation } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-user';
import { AuthScreen } from '@/features/auth/components/auth-screen';

export default function AuthRoute() {
  const user = useUser();
  const [, navigate] = useLocation();
  if (user.isPending) return <PageSpinner />;
  if (user.data) return <Redirect to="/" replace />;
  return <AuthScreen onSuccess={() => navigate('/', { replace: true })} />;
}
