import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { catalogueFence } from './scripts/eslint-catalogue-fence.mjs';

// The features are the folders under client/src/features: a new one is fenced without editing this file.
const features = fs
  .readdirSync('client/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const shared = ['components', 'config', 'hooks', 'lib', 'types', 'utils'].map(
  (dir) => `./client/src/${dir}`,
);

// The server's layers, bottom to top: lib/, db/, mail/; plugins/; routes/<module>/; the top (app.ts
// and index.ts compose the app, config.ts, cli/). Nothing imports from a layer above its own, and
// a module of routes/ is entered through its index.ts only (app.ts and index.ts also register its
// *.routes.ts). A new module is fenced without editing this file.
// docs/decisions/0214-the-leaderboard-module-and-server-fences.md
const modules = fs
  .readdirSync('server/src/routes', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const top = [
  './server/src/app.ts',
  './server/src/index.ts',
  './server/src/config.ts',
  './server/src/cli',
];
// A test may build the whole app (app.ts): the files of plugins/ and routes/ but their tests.
// The client says its messages with its own small runtime (client/src/lib/i18n-runtime.ts, which
// the macros import: lingui.config.ts); @lingui/core is for its types only (docs/decisions/0309).
const LINGUI_RUNTIME = {
  name: '@lingui/core',
  allowTypeImports: true,
  message: "Use i18n from '@/lib/i18n' (the client's runtime); import @lingui/core's types only.",
};

const notTests = (dir) => `./server/src/${dir}/**/!(*.test).ts`;
const serverZones = [
  {
    target: ['./server/src/lib', './server/src/db', './server/src/mail'],
    from: ['./server/src/routes', './server/src/plugins', ...top],
    message:
      'lib/, db/ and mail/ are the bottom layer: they import nothing from plugins/, routes/ or the top.',
  },
  {
    target: './server/src/plugins',
    from: './server/src/routes',
    message: 'plugins/ imports nothing from routes/: app.ts passes what a plugin needs.',
  },
  {
    target: [notTests('plugins'), notTests('routes')],
    from: top,
    message: 'plugins/ and routes/ import nothing from app.ts, index.ts, config.ts or cli/.',
  },
  ...modules.map((module) => ({
    target: [
      `./server/src/routes/!(${module})/**`,
      './server/src/!(routes)/**',
      './server/src/!(app|index).ts',
    ],
    from: `./server/src/routes/${module}`,
    except: ['./index.ts'],
    message: `Import routes/${module}/ through its index.ts.`,
  })),
  {
    // The globs' exceptions are matched as written, so they are absolute.
    target: ['./server/src/app.ts', './server/src/index.ts'],
    from: './server/src/routes/*/**',
    except: [`${path.resolve('server/src/routes')}/*/{index,*.routes}.ts`],
    message:
      'app.ts and index.ts take a module of routes/ from its index.ts and register its *.routes.ts.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'server/src/db/migrations',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // An import cycle makes the order of module evaluation matter; none is allowed, type-only included.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // bulletproof-react's fences: features do not import each other; app -> features -> shared
      // code, never back; the client never imports the server; common/ imports neither side.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./client/src/features/${feature}`,
              from: './client/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; compose them in client/src/app/.',
            })),
            {
              target: './client/src/features',
              from: './client/src/app',
              message: 'Features do not import from app/.',
            },
            {
              target: shared,
              from: ['./client/src/features', './client/src/app'],
              message: 'Shared code does not import features or app/.',
            },
            {
              target: './client',
              from: './server',
              message: 'The client never imports server code.',
            },
            {
              target: './common',
              from: ['./client', './server'],
              message: 'common/ imports neither the client nor the server.',
            },
            ...serverZones,
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [LINGUI_RUNTIME] }],
    },
  },
  {
    // What a landing page loads before its first paint, kept from coming back by an import:
    // /auth's forms load zod and their schemas on submit (docs/decisions/0133, 0171), the timer
    // loads its after-run screens when a run starts (docs/decisions/0172). Types stay free.
    files: [
      'client/src/features/auth/components/{auth-screen,login-form,register-form,forgot-password-form}.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [LINGUI_RUNTIME],
          patterns: [
            {
              group: ['zod', '@hookform/resolvers', '@hookform/resolvers/*', '@common/schemas/*'],
              allowTypeImports: true,
              message:
                '/auth paints without zod: import it inside the lazy resolver (utils/lazy-resolver.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/app/routes/timer.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            LINGUI_RUNTIME,
            ...[
              '@/features/workouts/components/count-entry',
              '@/features/share/components/workout-saved',
              '@/features/leaderboard/components/today-rank',
              '@/features/timer/components/discard-dialog',
            ].map((name) => ({
              name,
              allowTypeImports: true,
              message: 'Loaded when a run starts: use timer-finish.ts.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'drizzle-orm', 'drizzle-orm/*', '@/*'],
              message: 'common/ holds no React or Drizzle.',
            },
          ],
        },
      ],
    },
  },
  // A challenge is one catalogue entry: nothing outside it compares challenge ids.
  catalogueFence,
  {
    files: [
      'server/**/*.ts',
      'bench/**/*.{ts,mjs}',
      'reliability/**/*.ts',
      'scripts/**/*.{ts,mjs}',
      'e2e/**/*.ts',
      '*.config.ts',
      '.ci/**/*.mjs',
    ],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' },
    },
    rules: { 'no-console': 'off' },
  },
);
