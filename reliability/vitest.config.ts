import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// `npm run test:reliability`: real server processes, a PostgreSQL cluster of its own, nginx.
// Not part of `npm test`; .ci/run runs it after. One file at a time (they load the machine).
export default defineConfig({
  root: r('..'),
  resolve: { alias: { '@': r('../client/src'), '@common': r('../common') } },
  test: {
    name: 'reliability',
    include: ['reliability/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    environment: 'node',
  },
});
