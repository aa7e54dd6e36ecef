import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { BottomNav } from './bottom-nav';
import { ChallengeStrip } from './challenge-strip';
import { Header } from './header';
import { OfflineBanner } from './offline-banner';
import { useBottomBarHeight } from './use-bottom-bar-height';
import { paths } from '@/config/paths';
import { openChallengeById, openChallengeForPath } from '@/lib/challenges';
import { rememberChallenge } from '@/lib/last-challenge';
import { useRunInProgress } from '@/lib/run-in-progress';
import { t } from '@lingui/core/macro';

/** The open challenge whose screens `pathname` shows: under its slug, or its stats page. */
function challengeOnScreen(pathname: string) {
  const under = openChallengeForPath(pathname);
  if (under) return under;
  const stats = /^\/profile\/([^/]+)\/?$/i.exec(pathname)?.[1];
  const byId = stats ? openChallengeById(stats.toLowerCase()) : undefined;
  return byId && byId.id === stats?.toLowerCase() ? byId : undefined;
}

export function AppLayout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const onAuth = pathname === paths.auth.path;
  // A timed set fills the screen: no bars to tap by mistake beside the pad.
  const fullScreenRun = useRunInProgress();
  // Toasts sit just above the bars (components/ui/toast-viewport.ts).
  const bottomBars = useBottomBarHeight<HTMLDivElement>(!fullScreenRun);
  // A new screen starts at the top. (Braces matter: scrollTo returns a promise in new Chromium.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // The navigation's Start, Log and Rankings follow the challenge last used (lib/last-challenge.ts).
  useEffect(() => {
    const challenge = challengeOnScreen(pathname);
    if (challenge) rememberChallenge(challenge.id);
  }, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-card focus:p-2"
      >
        {t`Skip to content`}
      </a>
      <OfflineBanner />
      {onAuth || fullScreenRun ? null : <Header />}
      {/* A phone column; from 1024 px (navigation in the header) a wider page. */}
      <main
        id="main"
        className={`mx-auto w-full max-w-3xl flex-1 px-4 pt-4 lg:order-2 lg:max-w-6xl lg:px-8 ${fullScreenRun ? 'pb-4' : 'pb-40 lg:pb-12 lg:pt-8'}`}
      >
        {children}
      </main>
      {/* On a phone the strip sits on the bottom navigation, by the thumb. From 1024 px there is no
          bottom bar: the strip is a band under the header (order), naming the section the page is
          in, rather than a bar pinned to the foot of a wide window. It holds no links, so the
          reading order (after main) does not matter to the keyboard. */}
      {fullScreenRun ? null : (
        <div ref={bottomBars} className="fixed inset-x-0 bottom-0 z-40 lg:static lg:order-1">
          <ChallengeStrip pathname={pathname} />
          <BottomNav pathname={pathname} />
        </div>
      )}
    </div>
  );
}
