import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Long-lived: real server processes kept through idle pauses longer than their timeouts, on the
 * embedded database and on the local PostgreSQL. One file at a time: the pauses are wall time.
 */
export default defineConfig({
  test: {
    root,
    include: ['tests/long-lived/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 240_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
