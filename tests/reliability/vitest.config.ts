import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Reliability: faults (database connections killed, PostgreSQL stopped, kill -9, SIGTERM under
 * load) and backup/restore, against real server processes. One file at a time: the faults touch
 * the shared local PostgreSQL.
 */
export default defineConfig({
  test: {
    root,
    include: ['tests/reliability/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 180_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
