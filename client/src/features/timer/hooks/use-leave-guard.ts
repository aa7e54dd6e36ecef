import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { useLocation } from 'wouter';
import { holdBack } from '@/lib/back-guard';

/** A way out of the screen the member took while a set was unsaved. */
export type LeaveRequest = { kind: 'link'; href: string } | { kind: 'back'; delta: number };

// The Navigation API's traverse event (Chromium, Safari 26, Firefox 147): fired before the address
// changes, and cancelable for same-document traversals. Typed here, as TypeScript's DOM library
// does not have it yet.
interface NavigateEventLike extends Event {
  navigationType: string;
  cancelable: boolean;
  destination: { sameDocument: boolean; index: number };
}
interface NavigationLike extends EventTarget {
  currentEntry: { index: number } | null;
}
const navigationApi = () => (window as { navigation?: NavigationLike }).navigation;

/**
 * While `armed`, leaving the screen asks first (docs/decisions/0091-a-set-is-never-lost.md):
 * - a click on a same-origin link (the app's wouter links, the header, the bottom navigation) is
 *   stopped before the router sees it and handed to `onLeave`;
 * - Back and Forward are stopped before the address changes (the Navigation API's navigate event)
 *   and `onLeave` asks; where that API is missing, lib/back-guard.ts (whose popstate listener runs
 *   before the router's) puts the address back at once and `onLeave` asks;
 * - closing or reloading the tab gets the browser's own "Leave site?" prompt (beforeunload).
 * `leave(request)` then goes where the member asked, past the guard.
 */
export function useLeaveGuard(armed: boolean, onLeave: (request: LeaveRequest) => void) {
  const [, navigate] = useLocation();
  const ask = useEffectEvent(onLeave);
  const leaving = useRef(false);
  const releaseBack = useRef<(() => void) | undefined>(undefined);

  useEffect(() => {
    if (!armed) return;
    leaving.current = false;
    const here = `${location.pathname}${location.search}${location.hash}`;

    const onClick = (e: MouseEvent) => {
      if (leaving.current || e.defaultPrevented || e.button !== 0) return;
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // a new tab or window: nothing lost
      const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href, location.href);
      // Another site is left through beforeunload; a link to this very screen (skip link) stays.
      if (url.origin !== location.origin) return;
      if (url.pathname === location.pathname && url.search === location.search) return;
      e.preventDefault();
      e.stopPropagation();
      ask({ kind: 'link', href: `${url.pathname}${url.search}${url.hash}` });
    };

    const nav = navigationApi();
    const onNavigate = (event: Event) => {
      const e = event as NavigateEventLike;
      if (leaving.current || e.navigationType !== 'traverse' || !e.cancelable) return;
      // Another document (leaving the app) gets beforeunload's prompt instead.
      if (!e.destination.sameDocument) return;
      e.preventDefault();
      ask({
        kind: 'back',
        delta: e.destination.index - (nav?.currentEntry?.index ?? e.destination.index + 1),
      });
    };
    // The entry Back left was replaced by this screen's again, so going back once more leaves.
    const onBack = () => ask({ kind: 'back', delta: -1 });

    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (leaving.current) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };

    document.addEventListener('click', onClick, true);
    const release = nav ? undefined : holdBack(here, onBack);
    releaseBack.current = release;
    if (nav) nav.addEventListener('navigate', onNavigate);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      nav?.removeEventListener('navigate', onNavigate);
      release?.();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [armed]);

  const leave = useCallback(
    (request: LeaveRequest) => {
      leaving.current = true;
      releaseBack.current?.();
      if (request.kind === 'link') navigate(request.href);
      else history.go(request.delta);
    },
    [navigate],
  );

  return { leave };
}
