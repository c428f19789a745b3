import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Scale-out: three server processes behind HAProxy on one PostgreSQL database and one Redis,
 * on loopback. Needs haproxy, redis-server, Chromium and the built PWA (`npm run build`).
 */
export default defineConfig({
  test: {
    root,
    include: ['tests/scale-out/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 240_000,
    hookTimeout: 600_000,
    teardownTimeout: 60_000,
  },
});
