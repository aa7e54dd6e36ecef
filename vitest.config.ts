import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@': r('./client/src'), '@common': r('./common') };
const pgUrl = process.env.TEST_DATABASE_URL;
// On CI's shared cores a test that lost a race with the machine gets one more try; the JSON report
// still counts it (docs/decisions/0187-ci-retries-under-load.md). Locally a test runs once.
const retry = process.env.CI ? 1 : 0;

// API tests run once on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
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
          setupFiles: ['vitest.setup.ts'],
        },
      },
      {
        resolve: { alias },
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
          exclude: [
            'server/src/lib/**',
            'server/src/test/**',
            'server/src/index.test.ts',
            'server/src/config.test.ts',
          ],
          globalSetup: ['server/src/test/global-setup-pglite.ts'],
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
                exclude: [
                  'server/src/lib/**',
                  'server/src/test/**',
                  'server/src/index.test.ts',
                  'server/src/config.test.ts',
                ],
                globalSetup: ['server/src/test/global-setup-postgres.ts'],
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
