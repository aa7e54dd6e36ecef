import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { RequireAuth } from './layout/require-auth';
import { CatalogueRoute } from './routes/catalogue';
import { NotFoundRoute } from './routes/not-found';

// Every screen but the catalogue loads with its route, so `/` ships only what it needs.
const AuthRoute = lazy(() => import('./routes/auth'));
const ChallengeHomeRoute = lazy(() => import('./routes/challenge-home'));
const TimerRoute = lazy(() => import('./routes/timer'));
const LogWorkoutRoute = lazy(() => import('./routes/log-workout'));
const LeaderboardRoute = lazy(() => import('./routes/leaderboard'));
const PublicProfileRoute = lazy(() => import('./routes/public-profile'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const ChallengeStatsRoute = lazy(() => import('./routes/challenge-stats'));

const routes = (paths: string[], Screen: ComponentType, opts: { auth?: boolean } = {}): ReactNode[] =>
  paths.map((path) => (
    <Route key={path} path={path}>
      {opts.auth ? (
        <RequireAuth>
          <Screen />
        </RequireAuth>
      ) : (
        <Screen />
      )}
    </Route>
  ));

/** The spec's route table, every alias included (decision 1). */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/">
          <CatalogueRoute />
        </Route>
        <Route path="/challenges">
          <Redirect to="/" replace />
        </Route>
        {routes(['/auth'], AuthRoute)}
        {routes(['/90second', '/nickels-dimes', '/burpees-or-bust', '/dashboard'], ChallengeHomeRoute)}
        {routes(['/90second/leaderboard', '/leaderboard'], LeaderboardRoute)}
        {routes(['/90second/users/:username', '/users/:username'], PublicProfileRoute)}
        {routes(['/90second/timer', '/timer'], TimerRoute, { auth: true })}
        {routes(['/90second/log-workout', '/log-workout'], LogWorkoutRoute, { auth: true })}
        {routes(['/profile', '/90second/profile'], ProfileRoute, { auth: true })}
        {routes(['/profile/:challenge', '/90second-profile'], ChallengeStatsRoute, { auth: true })}
        <Route>
          <NotFoundRoute />
        </Route>
      </Switch>
    </Suspense>
  );
}
