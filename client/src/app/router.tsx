import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { paths, patternsOf, type AppPath } from '@/config/paths';
import { servedChallenges } from '@/lib/challenges';
import { loadRestOfCatalogue } from './i18n/load-catalogue';
import { RequireAuth } from './layout/require-auth';
import { CatalogueRoute } from './routes/catalogue';

// Every screen but the catalogue loads with its route, so `/` ships only what it needs; so does
// the query client (TanStack Query), which only those screens use.
// docs/decisions/0061-js-budget-on-root.md
type ScreenModule = Promise<{ default: ComponentType }>;

/**
 * A screen inside the query provider, as one lazy component: both chunks are asked for at once.
 * Nested lazy components would fetch the screen only after the provider had loaded and rendered,
 * one more round trip before the first paint of every data screen
 * (docs/decisions/0068-lighthouse-leaderboard-and-profile.md).
 */
const screen = (load: () => ScreenModule, auth = false) =>
  lazy(async () => {
    const [{ default: QueryProvider }, { default: Screen }] = await Promise.all([
      import('./query-provider'),
      load(),
      // The features' words beyond `/`'s (i18n/load-catalogue.ts), beside the screen's code.
      loadRestOfCatalogue(),
    ]);
    const content = auth ? (
      <RequireAuth>
        <Screen />
      </RequireAuth>
    ) : (
      <Screen />
    );
    return { default: () => <QueryProvider>{content}</QueryProvider> };
  });

// The 404 needs no data either, but is rare: it loads when shown, which keeps the first script
// of every page (and the budget of `/`) a little smaller. Its words are not `/`'s: the rest too.
const NotFoundRoute = lazy(() =>
  Promise.all([import('./routes/not-found'), loadRestOfCatalogue()]).then(([m]) => m),
);

const AuthRoute = screen(() => import('./routes/auth'));
const ResetPasswordRoute = screen(() => import('./routes/reset-password'));
const ConfirmEmailRoute = screen(() => import('./routes/confirm-email'));
const UndoEmailChangeRoute = screen(() => import('./routes/undo-email-change'));
const ChallengeHomeRoute = screen(() => import('./routes/challenge-home'));
const TimerRoute = screen(() => import('./routes/timer'), true);
const LogWorkoutRoute = screen(() => import('./routes/log-workout'), true);
const LeaderboardBoard = screen(() => import('./routes/leaderboard'));
// The board's heading is a chunk of its own (the server preloads it on a board's address,
// scripts/vite-route-preloads.ts) and shows without waiting for the board or the rest of the
// catalogue: its words are in the first chunk (vite.config.ts). The board loads inside it.
const LeaderboardPage = lazy(() =>
  import('./routes/leaderboard-page').then((m) => ({ default: m.LeaderboardPage })),
);
const LeaderboardRoute = () => (
  <LeaderboardPage>
    <LeaderboardBoard />
  </LeaderboardPage>
);
const PublicProfileRoute = screen(() => import('./routes/public-profile'));
const ProfileRoute = screen(() => import('./routes/profile'), true);
const ChallengeStatsRoute = screen(() => import('./routes/challenge-stats'), true);
const ProfileSettingsRoute = screen(() => import('./routes/profile-settings'), true);
const ModerationRoute = screen(() => import('./routes/moderation'), true);
const NotificationsRoute = screen(() => import('./routes/notifications'), true);
const ClubsRoute = screen(() => import('./routes/clubs'));
const ClubRoute = screen(() => import('./routes/club'));
const ClubJoinRoute = screen(() => import('./routes/club-join'));
const PlansTodayRoute = screen(() => import('./routes/plans-today'), true);
const PlanRoute = screen(() => import('./routes/plan'), true);
const FeedRoute = screen(() => import('./routes/feed'), true);
const SetRoute = screen(() => import('./routes/set'), true);

// Each open challenge's screens (and the Coming Soon homes) as this server opened them; a screen
// finds its challenge from the address (lib/challenges.ts, openChallengeForPath).
// docs/decisions/0145-challenge-routes.md
const routes = (route: AppPath, Screen: ComponentType): ReactNode[] =>
  patternsOf(route, servedChallenges()).map((path) => (
    <Route key={path} path={path}>
      <Screen />
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
        {routes(paths.resetPassword, ResetPasswordRoute)}
        {routes(paths.confirmEmail, ConfirmEmailRoute)}
        {routes(paths.undoEmailChange, UndoEmailChangeRoute)}
        {routes(paths.challengeHome, ChallengeHomeRoute)}
        {routes(paths.leaderboard, LeaderboardRoute)}
        {routes(paths.publicProfile, PublicProfileRoute)}
        {routes(paths.timer, TimerRoute)}
        {routes(paths.logWorkout, LogWorkoutRoute)}
        {routes(paths.profile, ProfileRoute)}
        {/* Before /profile/:challenge, which would take 'settings' for a challenge. */}
        {routes(paths.profileSettings, ProfileSettingsRoute)}
        {routes(paths.notifications, NotificationsRoute)}
        {routes(paths.challengeStats, ChallengeStatsRoute)}
        {routes(paths.moderation, ModerationRoute)}
        {routes(paths.clubs, ClubsRoute)}
        {routes(paths.clubJoin, ClubJoinRoute)}
        {routes(paths.club, ClubRoute)}
        {/* Before /plans/:id, which would take 'today' for an id. */}
        {routes(paths.plansToday, PlansTodayRoute)}
        {routes(paths.plan, PlanRoute)}
        {routes(paths.feed, FeedRoute)}
        {routes(paths.set, SetRoute)}
        <Route>
          <NotFoundRoute />
        </Route>
      </Switch>
    </Suspense>
  );
}
