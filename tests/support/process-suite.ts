import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The Vitest configuration of a suite that drives real server processes (`tests/<folder>/`):
 * one file and one test at a time — the processes share the machine, the local PostgreSQL and
 * wall time — with timeouts measured in minutes.
 */
export function processSuite(
  folder: string,
  timeouts: { testTimeout: number; hookTimeout: number },
): ViteUserConfig {
  return defineConfig({
    test: {
      root,
      include: [`tests/${folder}/*.test.ts`],
      environment: 'node',
      pool: 'forks',
      maxWorkers: 1,
      fileParallelism: false,
      sequence: { concurrent: false },
      teardownTimeout: 60_000,
      ...timeouts,
    },
  });
}
