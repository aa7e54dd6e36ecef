import { useEffect, useRef } from 'react';

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
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:bottom-auto sm:right-0 sm:top-0 sm:flex-col md:max-w-[420px]"
      />
    </div>
  );
}
