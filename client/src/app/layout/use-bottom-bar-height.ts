import { useLayoutEffect, useRef } from 'react';
import { BOTTOM_BAR_HEIGHT_VAR } from '@/components/ui/toast-viewport';

/**
 * Keeps --bottom-bar-height on <html> at the height of the bars fixed to the foot of the window
 * (the challenge strip and the bottom navigation), 0 when they are not fixed there (from 1024 px
 * they are a band under the header) or not shown: toasts sit just above them
 * (components/ui/toast-viewport.ts). Returns the ref for the bars' wrapper; `shown` says whether
 * the wrapper is rendered.
 */
export function useBottomBarHeight<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const root = document.documentElement;
    const el = ref.current;
    const update = () => {
      const fixed = el !== null && getComputedStyle(el).position === 'fixed';
      root.style.setProperty(
        BOTTOM_BAR_HEIGHT_VAR,
        `${fixed ? el.getBoundingClientRect().height : 0}px`,
      );
    };
    update();
    if (!el) return;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    // Crossing 1024 px turns the bars from fixed to static without always changing their size.
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      root.style.setProperty(BOTTOM_BAR_HEIGHT_VAR, '0px');
    };
  }, [shown]);
  return ref;
}
