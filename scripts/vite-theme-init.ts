import type { Plugin } from 'vite';
import { THEME_INIT_SCRIPT } from '../common/theme.ts';

/**
 * Puts the theme's first-paint script (common/theme.ts) inline at the top of index.html's <head>:
 * inline, so it costs no request and blocks nothing; first, so the class is set before any paint.
 */
export function themeInitPlugin(): Plugin {
  return {
    name: 'fitbench-theme-init',
    transformIndexHtml() {
      return [{ tag: 'script', children: THEME_INIT_SCRIPT, injectTo: 'head-prepend' }];
    },
  };
}
