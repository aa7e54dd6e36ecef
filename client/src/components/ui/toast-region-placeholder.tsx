import { useEffect, useRef } from 'react';
import { TOAST_VIEWPORT_CLASS } from './toast-viewport';
import { dismissToast, type ToastItem } from './use-toast';
import { t } from '@lingui/core/macro';

/**
 * Stands in for Radix's toast viewport until the first toast loads the real one (toaster.tsx):
 * the same landmark ("Notifications (F8)", an empty list) and the same F8 hotkey, so the page
 * offers what it did before at a fraction of the JS. docs/decisions/0061-js-budget-on-root.md
 *
 * Where the real one could not load (offline, with no service worker to serve it), `items` are
 * shown here as plain notes with a Close button, so that what a toast says is never lost
 * (docs/decisions/0196-offline-saves-without-a-worker-and-remote-sign-out.md).
 */
export function ToastRegionPlaceholder({ items = [] }: { items?: readonly ToastItem[] }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.code === 'F8' || e.key === 'F8') list.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <div
      role="region"
      aria-label={t`Notifications (F8)`}
      tabIndex={-1}
      style={{ pointerEvents: 'none' }}
    >
      <ol ref={list} tabIndex={-1} className={TOAST_VIEWPORT_CLASS}>
        {items
          .filter((item) => item.open)
          .map((item) => (
            <li
              key={item.id}
              role="status"
              data-state="open"
              className={`pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-xl border p-4 pr-10 shadow-lg ${
                item.variant === 'destructive'
                  ? 'border-destructive bg-destructive text-destructive-foreground'
                  : 'border-border bg-card text-foreground'
              }`}
            >
              <div className="grid gap-1">
                <p className="text-sm font-semibold">{item.title}</p>
                {item.description ? <p className="text-sm opacity-90">{item.description}</p> : null}
              </div>
              {item.action}
              <button
                type="button"
                aria-label={t`Close`}
                className="absolute right-2 top-2 cursor-pointer rounded-md px-2 text-lg leading-none opacity-70 hover:opacity-100"
                onClick={() => dismissToast(item.id)}
              >
                ×
              </button>
            </li>
          ))}
      </ol>
    </div>
  );
}
