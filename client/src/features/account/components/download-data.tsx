import { t } from '@lingui/core/macro';
import { Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';

/** Download your data: plain links, so the browser saves the file the server names. */
export function DownloadData() {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {t`Your profile and every workout you logged, as JSON (everything) or CSV (your workouts, for a spreadsheet).`}
      </p>
      <div className="flex flex-wrap gap-2">
        <a
          href="/api/export?format=json"
          download
          className={buttonVariants({ variant: 'outline' })}
        >
          <Download aria-hidden="true" />
          {t`Download JSON`}
        </a>
        <a
          href="/api/export?format=csv"
          download
          className={buttonVariants({ variant: 'outline' })}
        >
          <Download aria-hidden="true" />
          {t`Download CSV`}
        </a>
      </div>
    </div>
  );
}
