import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'fitbench:timer-muted';
const listeners = new Set<() => void>();
// Used only when storage is blocked (some private modes): the switch then lasts for this page.
let fallback = false;

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return fallback;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The timer's mute switch (voice and sound), remembered in localStorage. */
export function useMuted(): [boolean, (muted: boolean) => void] {
  const muted = useSyncExternalStore(subscribe, read, () => false);
  const setMuted = useCallback((next: boolean) => {
    fallback = next;
    try {
      if (next) window.localStorage.setItem(KEY, '1');
      else window.localStorage.removeItem(KEY);
    } catch {
      // Not remembered.
    }
    for (const l of listeners) l();
  }, []);
  return [muted, setMuted];
}
