import { useEffect, useRef } from 'react';
import { TOAST_VIEWPORT_CLASS } from './toast-viewport';

/**
 * Stands in for Radix's toast viewport until the first toast loads the real one (toaster.tsx):
 * the same landmark ("Notifications (F8)", an empty list) and the same F8 hotkey, so the page
 * offers what it did before at a fraction of the JS. docs/decisions/0061-js-budget-on-root.md
 */
export function ToastRegionPlaceholder() {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.code === 'F8' || e.key === 'F8') list.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <div role="region" aria-label="Notifications (F8)" tabIndex={-1} style={{ pointerEvents: 'none' }}>
      <ol
        ref={list}
        tabIndex={-1}
        className={TOAST_VIEWPORT_CLASS}
      />
    </div>
  );
}
