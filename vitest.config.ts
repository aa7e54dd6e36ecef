import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@': r('./client/src'), '@common': r('./common') };
const pgUrl = process.env.TEST_DATABASE_URL;

// API tests run once on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'client/src/**/*.test.ts', 'scripts/**/*.test.ts', 'server/src/lib/**/*.test.ts', 'server/src/index.test.ts'],
          testTimeout: 30_000,
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api-pglite',
          include: ['server/src/**/*.test.ts'],
          exclude: ['server/src/lib/**', 'server/src/test/**', 'server/src/index.test.ts'],
          globalSetup: ['server/src/test/global-setup-pglite.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 30_000,
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
                exclude: ['server/src/lib/**', 'server/src/test/**', 'server/src/index.test.ts'],
                globalSetup: ['server/src/test/global-setup-postgres.ts'],
                env: { TEST_DB_KIND: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
