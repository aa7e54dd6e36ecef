import { defineConfig } from '@lingui/conf';

// The client's message catalogues (docs/i18n.md): one per feature folder and one for the shell
// (app/, components/, lib/), so people converting features in parallel never edit one file.
// scripts/vite-catalogue-chunks.ts joins them into two chunks per language (`/`'s words, the rest).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'es', 'en-XA'],
  // Accented English: unmarked text shows, as do clipped words (docs/decisions/0282).
  pseudoLocale: 'en-XA',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/client/src/app/locales/{locale}',
      include: [
        '<rootDir>/client/src/app',
        '<rootDir>/client/src/components',
        '<rootDir>/client/src/lib',
        '<rootDir>/client/src/config',
      ],
    },
    {
      path: '<rootDir>/client/src/features/{name}/locales/{locale}',
      include: ['<rootDir>/client/src/features/{name}'],
    },
  ],
  format: 'po',
  // The macros' `i18n` is the client's small runtime, not @lingui/core's (docs/decisions/0309).
  runtimeConfigModule: { i18n: ['@/lib/i18n-runtime', 'i18n'] },
});
