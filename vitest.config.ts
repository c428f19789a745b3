import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Every unit and integration layer. The server suite runs once on embedded PGlite and,
 * when TEST_DATABASE_URL is set, once more on that real PostgreSQL.
 */
const serverProject = (name: string, dbKind: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['sync-server/test/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    // `*.pg.test.ts`: what only PostgreSQL does (several server processes on one database,
    // session settings), and the official e-invoice validation (minutes of Java, once is enough);
    // `*.pglite.test.ts`: what the server does for the embedded database alone.
    exclude: [
      ...configDefaults.exclude,
      dbKind === 'pglite' ? '**/*.pg.test.ts' : '**/*.pglite.test.ts',
    ],
    environment: 'node',
    env: { TEST_DB_KIND: dbKind },
    // Warns (and fails in CI) when the PostgreSQL pass is missing, once per run.
    ...(dbKind === 'pglite' ? { globalSetup: ['tests/support/postgres-pass.ts'] } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // vitest's default (cores − 1) leaves a 2-core CI machine one worker, and half its CPU idle
    // while a file waits on its database: two files side by side took the layer from 2,309 s to
    // 1,509 s there, every test green (each server test file has its own database).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared-types',
          include: ['shared-types/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      {
        plugins: [react()],
        test: {
          name: 'pwa',
          include: ['pwa/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['pwa/src/test/setup.ts'],
          // As the server projects: screens paging thousands of rows in jsdom need it when loaded.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
