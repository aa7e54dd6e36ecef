import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startPwa } from './app/pwa/start-pwa';
import { loadCatalogue } from './app/i18n/load-catalogue';
import { prefetchRouteData } from './app/route-data';
import { firstUserFetch } from './features/auth/api/get-user';
import { installBackGuard } from './lib/back-guard';
import { activateLanguage, browserLanguage, setCatalogueLoader, storedLanguage } from './lib/i18n';
import { askServerForChallenges } from './lib/challenges';
import { watchTheme } from './lib/theme';
import './index.css';

// The service worker registers after the page loads, off the critical path of /. Its code (1 KB)
// is in the first script: a chunk of its own cost every page more (docs/decisions/0310).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', startPwa);
}

// The language's catalogue chunk is asked for first, beside the session and the screen's data;
// the first render waits for it (docs/decisions/0280-lingui.md).
setCatalogueLoader(loadCatalogue);
const languageReady = activateLanguage(storedLanguage() ?? browserLanguage());

watchTheme();
// Before the router subscribes to popstate (lib/back-guard.ts says why).
installBackGuard();

// The session and the landing screen's data are asked for now, beside the screen's code, not
// after its first render (docs/decisions/0068-lighthouse-leaderboard-and-profile.md).
firstUserFetch().catch(() => undefined);
// A shell from the service worker's cache does not say which challenges are open: ask.
askServerForChallenges();
void prefetchRouteData(window.location.pathname, window.location.search);

void languageReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
