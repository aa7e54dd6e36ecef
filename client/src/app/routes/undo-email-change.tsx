import { Link, useSearch } from 'wouter';
import { APP_NAME } from '@common/constants';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { UndoEmailChangePanel } from '@/features/email/components/undo-email-change-panel';
import { useDocumentTitle } from '@/lib/use-document-title';
import { t } from '@lingui/core/macro';

/** The screen of the link the old address got when the account's address changed (`?token=`). */
export default function UndoEmailChangeRoute() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  useDocumentTitle(t`Undo the change of your address`);
  return (
    <div className="mx-auto grid w-full max-w-md items-center px-4 py-8">
      <Card className="w-full">
        <CardHeader className="text-center">
          <p className="text-3xl font-extrabold tracking-tight text-primary">{APP_NAME}</p>
          <h1 className="text-xl font-bold">{t`Undo the change of your address`}</h1>
          <CardDescription>
            {t`Your account gets this address back, every device signed in to it is signed out, and we send you a link to choose a new password.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <UndoEmailChangePanel
            token={token}
            next={
              <Link
                href={paths.auth.getHref()}
                className="text-sm font-semibold text-primary underline"
              >
                {t`Go to sign in`}
              </Link>
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
