import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** End-to-end: the real server + the built PWA in Debian's Chromium. One spec file at a time. */
export default defineConfig({
  test: {
    root,
    include: ['tests/e2e/**/*.spec.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 180_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    globalSetup: ['tests/e2e/support/global-setup.ts'],
  },
});
