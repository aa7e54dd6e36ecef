import { Dumbbell } from 'lucide-react';
import { Link } from 'wouter';
import { APP_NAME } from '@common/constants';
import { UserAvatar } from '@/components/ui/avatar';
import { buttonVariants } from '@/components/ui/button-variants';
import { useUser } from '@/features/auth/api/get-user';
import { paths } from '@/config/paths';
import { HeaderBell } from './header-bell';
import { TopNav } from './top-nav';
import { t } from '@lingui/core/macro';

export function Header() {
  const { data: user, isPending } = useUser();
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-card/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-4 px-4 lg:h-16 lg:max-w-6xl lg:px-8">
        <Link
          href={paths.catalogue.getHref()}
          className="flex items-center gap-2 text-lg font-extrabold text-primary"
          aria-label={t`${APP_NAME} home`}
        >
          <Dumbbell className="size-6" aria-hidden="true" />
          {APP_NAME}
        </Link>
        <TopNav />
        {isPending ? null : user ? (
          <div className="flex items-center gap-1">
            <HeaderBell userId={user.id} />
            <Link
              href={paths.profile.getHref()}
              className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 hover:bg-muted"
              data-testid="header-profile"
            >
              <UserAvatar src={user.profilePicture} name={user.username} className="size-8" />
              <span className="max-w-32 truncate text-sm font-semibold">{user.username}</span>
            </Link>
          </div>
        ) : (
          <Link href={paths.auth.getHref()} className={buttonVariants({ size: 'sm' })}>
            {t`Sign In`}
          </Link>
        )}
      </div>
    </header>
  );
}
