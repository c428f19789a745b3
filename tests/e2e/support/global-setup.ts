import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { assertChromium } from './browser';
import { DIST_DIR, PREVIOUS_DIST_DIR, REPO_ROOT } from './paths';

const vite = (args: string[] = []) =>
  execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', ...args],
    {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    },
  );

/**
 * Fails early without Chromium, and builds the PWA when dist/pwa is missing (or E2E_BUILD=1);
 * `npm test` builds right before the e2e run anyway. The week-offline journey also needs the
 * previous release (build N, dist/pwa-previous): built when missing, older than dist/pwa, or with
 * E2E_BUILD=1 — only when that spec is part of the run.
 */
export default function setup(): void {
  assertChromium();
  const index = path.join(DIST_DIR, 'index.html');
  if (process.env.E2E_BUILD === '1' || !existsSync(index)) {
    console.log('[e2e] building the PWA (vite build)…');
    vite();
  }
  const previousIndex = path.join(PREVIOUS_DIST_DIR, 'index.html');
  // The spec files named on the command line, if any (none: the whole e2e suite).
  const named = process.argv.filter((a) => a.endsWith('.spec.ts'));
  const wanted = named.length === 0 || named.some((a) => a.includes('week-offline'));
  const stale =
    !existsSync(previousIndex) || statSync(previousIndex).mtimeMs < statSync(index).mtimeMs;
  if (wanted && (process.env.E2E_BUILD === '1' || stale)) {
    console.log(
      '[e2e] building the previous release for the week-offline journey (dist/pwa-previous)…',
    );
    vite(['--config', 'tests/e2e/support/previous-release.vite.config.ts']);
  }
}
