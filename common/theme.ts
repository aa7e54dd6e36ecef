// Light, dark or the system's setting: the member's choice is kept in this browser's localStorage
// (a device setting, like the timer's mute switch), and the page's colours follow it from the very
// first paint. docs/decisions/0095-dark-mode.md

export const THEME_STORAGE_KEY = 'fitbench:theme';
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type Theme = 'light' | 'dark';

/** The theme a stored preference gives (anything unknown or missing follows the system). */
export function resolveTheme(stored: string | null, systemDark: boolean): Theme {
  if (stored === 'light' || stored === 'dark') return stored;
  return systemDark ? 'dark' : 'light';
}

/**
 * resolveTheme as the inline script at the top of index.html (scripts/vite-theme-init.ts), which
 * runs before the stylesheet paints anything: the `dark` class on <html> is there before the first
 * frame, so no screen flashes the other theme. The server allows exactly this text through its
 * Content Security Policy by hash (server/src/plugins/security-headers.ts); common/theme.test.ts
 * runs it against resolveTheme.
 */
export const THEME_INIT_SCRIPT =
  `(function(){var t;try{t=localStorage.getItem("${THEME_STORAGE_KEY}")}catch(e){}` +
  `if(t!=="light"&&t!=="dark")t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";` +
  `document.documentElement.classList.toggle("dark",t==="dark")})()`;
