import { useState } from 'react';
import { AlertCircle } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { APP_NAME } from '@common/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useResetLink } from '@/features/auth/api/check-reset-link';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { formatClockTime } from '@/lib/format-date';
import { useDocumentTitle } from '@/lib/use-document-title';
import { t } from '@lingui/core/macro';

/**
 * The screen of a reset link: the link is checked as the page opens, so a used or expired one is
 * said (with a way to ask for a new one) before any typing
 * (docs/decisions/0198-reset-link-checked-on-open.md); then a new password, signed in, on to the
 * challenges. Where the check cannot be made (offline, too many checks), the form shows and the
 * save says what is wrong with the link.
 */
export default function ResetPasswordRoute() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const link = useResetLink(token);
  const [refusedOnSave, setRefusedOnSave] = useState<string | null>(null);
  useDocumentTitle(t`Choose a new password`);
  const refused =
    refusedOnSave ??
    (!token
      ? t`This link has no token. Ask for a new one.`
      : link.data && !link.data.usable
        ? link.data.message
        : null);
  return (
    <div className="mx-auto grid min-h-dvh w-full max-w-md items-center px-4 py-8">
      <Card className="w-full">
        <CardHeader className="text-center">
          <p className="text-3xl font-extrabold tracking-tight text-primary">{APP_NAME}</p>
          <h1 className="text-xl font-bold">{t`Choose a new password`}</h1>
          <CardDescription>
            {t`Every device signed in to your account will be signed out.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {refused ? (
            <LinkRefused message={refused} onBack={() => navigate(paths.auth.getHref())} />
          ) : link.isPending && token ? (
            <p
              className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground"
              data-testid="reset-link-checking"
            >
              <Spinner label={t`Checking your link`} />
              {t`Checking your link`}
            </p>
          ) : (
            <>
              {link.data?.usable ? (
                <p className="text-center text-sm text-muted-foreground">
                  {t`This link works until ${formatClockTime(link.data.expiresAt)}.`}
                </p>
              ) : null}
              <ResetPasswordForm
                token={token}
                onSuccess={() => navigate(paths.catalogue.getHref(), { replace: true })}
                onLinkRefused={setRefusedOnSave}
              />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** Why the link cannot be used, and the way to a new one on the spot. */
function LinkRefused({ message, onBack }: { message: string; onBack: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <div role="alert" className="grid gap-3 rounded-xl border border-destructive p-3 text-sm">
        <p className="flex items-start gap-2 font-semibold">
          <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          {message}
        </p>
      </div>
      {asking ? (
        <ForgotPasswordForm onBack={onBack} />
      ) : (
        <div className="grid gap-2">
          <Button type="button" size="lg" onClick={() => setAsking(true)}>
            {t`Ask for a new link`}
          </Button>
          <Link
            href={paths.auth.getHref()}
            className="justify-self-center text-sm font-semibold text-primary underline"
          >
            {t`Back to sign in`}
          </Link>
        </div>
      )}
    </>
  );
}
