import { useState } from 'react';
import { AlertCircle } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { APP_NAME } from '@common/constants';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The screen of a reset link: a new password, then signed in, on to the challenges. */
export default function ResetPasswordRoute() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const [refused, setRefused] = useState<string | null>(token ? null : 'This link has no token. Ask for a new one.');
  useDocumentTitle('Choose a new password');
  return (
    <div className="mx-auto grid min-h-dvh w-full max-w-md items-center px-4 py-8">
      <Card className="w-full">
        <CardHeader className="text-center">
          <p className="text-3xl font-extrabold tracking-tight text-primary">{APP_NAME}</p>
          <h1 className="text-xl font-bold">Choose a new password</h1>
          <CardDescription>Every device signed in to your account will be signed out.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {refused ? (
            <div role="alert" className="grid gap-3 rounded-xl border border-destructive p-3 text-sm">
              <p className="flex items-start gap-2 font-semibold">
                <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                {refused}
              </p>
              <Link href={paths.auth.getHref()} className="font-semibold text-primary underline">
                Back to sign in (Forgot password? is there)
              </Link>
            </div>
          ) : (
            <ResetPasswordForm
              token={token}
              onSuccess={() => navigate(paths.catalogue.getHref(), { replace: true })}
              onLinkRefused={setRefused}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
