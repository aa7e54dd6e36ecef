import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { t } from '@lingui/core/macro';

export default function NotFoundRoute() {
  useDocumentTitle(t`Page not found`);
  return (
    <Card className="mx-auto mt-8 max-w-md">
      <CardContent className="grid gap-3 pt-6">
        <div className="flex items-center gap-2">
          <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold">{t`404 Page Not Found`}</h1>
        </div>
        <p className="text-sm text-muted-foreground">
          {t`Did you forget to add the page to the router?`}
        </p>
        <Link
          href={paths.catalogue.getHref()}
          className="text-sm font-semibold text-primary underline"
        >
          {t`Back to the challenges`}
        </Link>
      </CardContent>
    </Card>
  );
}
