import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { linguiMacroPlugin } from './scripts/vite-lingui-macro.ts';
import { catalogueChunksPlugin } from './scripts/vite-catalogue-chunks.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@': r('./client/src'), '@common': r('./common') };
const pgUrl = process.env.TEST_DATABASE_URL;
// On CI's shared cores a test that lost a race with the machine gets one more try; the JSON report
// still counts it (docs/decisions/0187-ci-retries-under-load.md). Locally a test runs once.
const retry = process.env.CI ? 1 : 0;

// The client's marked strings and catalogues, as the build reads them (docs/i18n.md).
const clientPlugins = () => [
  linguiMacroPlugin(),
  catalogueChunksPlugin({
    languages: ['en', 'de', 'es', 'en-XA'],
    rootDir: r('.'),
    onRoot: [],
    sharedOnRoot: new Set(),
  }),
];

// What the server's tests are not: the unit project's files.
const NOT_API = [
  'server/src/lib/**',
  'server/src/test/**',
  'server/src/index.test.ts',
  'server/src/config.test.ts',
];
// Files in server/src that open no database, or test PGlite itself (or only say something on
// PGlite): run once, by api-pglite. A second run on PostgreSQL would check the same code to the
// same end. Every other API file runs on both (docs/decisions/0262-the-test-loop.md).
const PGLITE_ONLY = [
  'server/src/db/open-pglite.test.ts',
  'server/src/db/pglite-turns.test.ts',
  'server/src/db/received-at-migration.test.ts',
  'server/src/plugins/openapi-lint.test.ts',
  'server/src/plugins/security-headers.test.ts',
  'server/src/routes/leaderboard/board-cache.test.ts',
  'server/src/routes/leaderboard/period-fill-size.test.ts',
  'server/src/routes/leaderboard/period.test.ts',
];
// Its tests run only on PostgreSQL.
const POSTGRES_ONLY = ['server/src/db/start-postgres.test.ts'];
// The API files share their worker's modules instead of importing the app again for each file,
// which was about a third of their CPU time. Each file still builds its own app on its own
// database (server/src/test/app.ts); a file that changes a module's state puts it back.
const isolate = false;

// API tests run once on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        plugins: clientPlugins(),
        test: {
          name: 'unit',
          include: [
            'common/**/*.test.ts',
            'client/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'server/src/lib/**/*.test.ts',
            'server/src/index.test.ts',
            'server/src/config.test.ts',
          ],
          testTimeout: 30_000,
          retry,
          environment: 'node',
          setupFiles: ['vitest.setup.ts', 'client/src/test/i18n-setup.ts'],
        },
      },
      {
        resolve: { alias },
        plugins: clientPlugins(),
        test: {
          // Forms and dialogs with logic, rendered with Testing Library against the real API.
          name: 'components',
          include: ['client/src/**/*.test.tsx'],
          environment: 'happy-dom',
          globalSetup: ['server/src/test/global-setup-components.ts'],
          setupFiles: ['vitest.setup.ts', 'client/src/test/setup.ts'],
          testTimeout: 30_000,
          retry,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api-pglite',
          include: ['server/src/**/*.test.ts'],
          exclude: [...NOT_API, ...POSTGRES_ONLY],
          globalSetup: ['server/src/test/global-setup-pglite.ts'],
          isolate,
          setupFiles: ['vitest.setup.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 30_000,
          retry,
          hookTimeout: 60_000,
        },
      },
      ...(pgUrl
        ? [
            {
              resolve: { alias },
              test: {
                name: 'api-postgres',
                include: ['server/src/**/*.test.ts'],
                exclude: [...NOT_API, ...PGLITE_ONLY],
                globalSetup: ['server/src/test/global-setup-postgres.ts'],
                isolate,
                setupFiles: ['vitest.setup.ts'],
                env: { TEST_DB_KIND: 'postgres' },
                testTimeout: 30_000,
                retry,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
