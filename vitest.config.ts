import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The container image's test builds and runs the image with podman (minutes): only
 * `npm run test:container` runs it (CONTAINER_TEST=1), `npm test` at its end.
 */
const CONTAINER_TEST = 'scripts/container.test.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    // The fixture market's files exist only while tests run (decision 0080); the tests' databases start
    // from one migrated PGlite made here (decision 0085).
    globalSetup: ['scripts/fixture-market-files.ts', 'scripts/pglite-template.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts', 'src/lint/**/*.test.ts', 'examples/**/*.test.ts'],
          exclude: process.env.CONTAINER_TEST === '1' ? configDefaults.exclude : [...configDefaults.exclude, CONTAINER_TEST],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
