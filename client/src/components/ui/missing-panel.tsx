import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from './button';

/** A page whose subject is not there (a club not found, an invite link that no longer works). */
export function MissingPanel({
  title,
  children,
  backHref,
  backLabel,
}: {
  title: string;
  children: ReactNode;
  backHref: string;
  backLabel: string;
}) {
  return (
    <div className="grid justify-items-center gap-3 py-10 text-center">
      <h1 className="text-xl font-bold">{title}</h1>
      <p className="max-w-md text-muted-foreground">{children}</p>
      <Button asChild variant="outline">
        <Link href={backHref}>{backLabel}</Link>
      </Button>
    </div>
  );
}
