import { useCallback, useSyncExternalStore } from 'react';
import { resolveTheme, THEME_STORAGE_KEY, type ThemePreference } from '@common/theme';

// The theme after the first paint: index.html's inline script (common/theme.ts) has already set
// the class; this keeps it right when the system setting changes, when another tab changes the
// choice, and when the member picks one in settings.

const SYSTEM_DARK = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
// Used only when storage is blocked (some private modes): the choice then lasts for this page.
let fallback: ThemePreference = 'system';

function readPreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return fallback;
  }
}

function apply() {
  const theme = resolveTheme(readPreference(), window.matchMedia(SYSTEM_DARK).matches);
  document.documentElement.classList.toggle('dark', theme === 'dark');
  for (const l of listeners) l();
}

/** Follows the system setting and other tabs from now on (called once, at start). */
export function watchTheme() {
  window.matchMedia(SYSTEM_DARK).addEventListener('change', apply);
  window.addEventListener('storage', (e) => {
    if (e.key === THEME_STORAGE_KEY || e.key === null) apply();
  });
  apply();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The member's choice (System, Light or Dark) and a setter that applies and remembers it. */
export function useThemePreference(): [ThemePreference, (next: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribe, readPreference, () => 'system' as const);
  const setPreference = useCallback((next: ThemePreference) => {
    fallback = next;
    try {
      if (next === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
      else window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Not remembered.
    }
    apply();
  }, []);
  return [preference, setPreference];
}
