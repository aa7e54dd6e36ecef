import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { paths, patternsOf, type AppPath } from '@/config/paths';
import { RequireAuth } from './layout/require-auth';
import { CatalogueRoute } from './routes/catalogue';
import { NotFoundRoute } from './routes/not-found';

// Every screen but the catalogue loads with its route, so `/` ships only what it needs; so does
// the query client (TanStack Query), which only those screens use.
// docs/decisions/1252-js-budget-on-root.md
const QueryProvider = lazy(() => import('./query-provider'));
const AuthRoute = lazy(() => import('./routes/auth'));
const ChallengeHomeRoute = lazy(() => import('./routes/challenge-home'));
const TimerRoute = lazy(() => import('./routes/timer'));
const LogWorkoutRoute = lazy(() => import('./routes/log-workout'));
const LeaderboardRoute = lazy(() => import('./routes/leaderboard'));
const PublicProfileRoute = lazy(() => import('./routes/public-profile'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const ChallengeStatsRoute = lazy(() => import('./routes/challenge-stats'));
const ProfileSettingsRoute = lazy(() => import('./routes/profile-settings'));

const routes = (
  route: AppPath,
  Screen: ComponentType,
  opts: { auth?: boolean } = {},
): ReactNode[] =>
  patternsOf(route).map((path) => (
    <Route key={path} path={path}>
      <QueryProvider>
        {opts.auth ? (
          <RequireAuth>
            <Screen />
          </RequireAuth>
        ) : (
          <Screen />
        )}
      </QueryProvider>
    </Route>
  ));

/** Every route of client/src/config/paths.ts, aliases included. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path={paths.catalogue.path}>
          <CatalogueRoute />
        </Route>
        {paths.catalogue.aliases.map((alias) => (
          <Route key={alias} path={alias}>
            <Redirect to={paths.catalogue.getHref()} replace />
          </Route>
        ))}
        {routes(paths.auth, AuthRoute)}
        {routes(paths.challengeHome, ChallengeHomeRoute)}
        {routes(paths.leaderboard, LeaderboardRoute)}
        {routes(paths.publicProfile, PublicProfileRoute)}
        {routes(paths.timer, TimerRoute, { auth: true })}
        {routes(paths.logWorkout, LogWorkoutRoute, { auth: true })}
        {routes(paths.profile, ProfileRoute, { auth: true })}
        {/* Before /profile/:challenge, which would take 'settings' for a challenge. */}
        {routes(paths.profileSettings, ProfileSettingsRoute, { auth: true })}
        {routes(paths.challengeStats, ChallengeStatsRoute, { auth: true })}
        <Route>
          <NotFoundRoute />
        </Route>
      </Switch>
    </Suspense>
  );
}
