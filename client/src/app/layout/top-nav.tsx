import { Link, useLocation } from 'wouter';
import { useUser } from '@/features/auth/api/get-user';
import { useLastChallenge } from '@/lib/last-challenge';
import { cn } from '@/lib/utils';
import { NAV_ITEMS, navHref } from './nav-items';
import { t } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n';

/** From 1024 px, the seven destinations in the header, in place of the phone's bottom bar. */
export function TopNav() {
  const [pathname] = useLocation();
  const { data: user } = useUser();
  const last = useLastChallenge();
  return (
    <nav aria-label={t`Main`} className="hidden lg:block" data-testid="top-nav">
      <ul className="flex items-center gap-1">
        {NAV_ITEMS.map((item) => {
          const active = item.match(pathname);
          const Icon = item.icon;
          return (
            <li key={item.key}>
              <Link
                href={navHref(item, Boolean(user), last?.id)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  active &&
                    'bg-accent text-accent-foreground hover:bg-accent hover:text-accent-foreground',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {i18n._(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
