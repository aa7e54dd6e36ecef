/**
 * Back and Forward held back in browsers without the Navigation API (Firefox before 147, Safari
 * before 26), for features/timer/hooks/use-leave-guard.ts.
 *
 * There the only sign of Back is popstate, fired after the address has changed. The router
 * (wouter) listens to popstate too, and a screen that renders the new address unmounts the run
 * before a listener added by that screen could put the address back: at the window, listeners
 * run in the order they were added (Chromium does so even for capture listeners). So this one is
 * added at start-up, before the router's, and while a screen holds Back it puts the address back
 * and stops the event, so the router never sees the move.
 */

type OnBack = () => void;

let held: { here: string; onBack: OnBack } | null = null;
let installed = false;

function onPopState(event: PopStateEvent) {
  if (!held) return;
  event.stopImmediatePropagation();
  // Back to the held screen at once; the entry left behind is lost, which only drops Forward.
  history.pushState(history.state, '', held.here);
  held.onBack();
}

/** Called once from main.tsx, before the app renders (and the router subscribes). */
export function installBackGuard() {
  if (installed) return;
  installed = true;
  window.addEventListener('popstate', onPopState, true);
}

/**
 * Holds Back and Forward on the screen at `here` (path, search and hash); each try calls `onBack`.
 * Returns the release.
 */
export function holdBack(here: string, onBack: OnBack): () => void {
  installBackGuard();
  const mine = { here, onBack };
  held = mine;
  return () => {
    if (held === mine) held = null;
  };
}
