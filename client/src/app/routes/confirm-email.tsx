import { Link, useSearch } from 'wouter';
import { APP_NAME } from '@common/constants';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ConfirmEmailPanel } from '@/features/email/components/confirm-email-panel';
import { useDocumentTitle } from '@/lib/use-document-title';
import { t } from '@lingui/core/macro';

/** The screen of a confirmation link (`?token=`): one button confirms the address. */
export default function ConfirmEmailRoute() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  useDocumentTitle(t`Confirm your email address`);
  return (
    <div className="mx-auto grid w-full max-w-md items-center px-4 py-8">
      <Card className="w-full">
        <CardHeader className="text-center">
          <p className="text-3xl font-extrabold tracking-tight text-primary">{APP_NAME}</p>
          <h1 className="text-xl font-bold">{t`Confirm your email address`}</h1>
          <CardDescription>
            {t`With a confirmed address you can always get back into your account.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ConfirmEmailPanel
            token={token}
            next={
              <Link
                href={paths.profile.getHref()}
                className="text-sm font-semibold text-primary underline"
              >
                {t`Go to your profile`}
              </Link>
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
