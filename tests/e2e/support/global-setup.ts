import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { assertChromium } from './browser';
import { DIST_DIR, REPO_ROOT } from './paths';

/**
 * Fails early without Chromium, and builds the PWA when dist/pwa is missing (or E2E_BUILD=1);
 * `npm test` builds right before the e2e run anyway.
 */
export default function setup(): void {
  assertChromium();
  if (process.env.E2E_BUILD === '1' || !existsSync(path.join(DIST_DIR, 'index.html'))) {
    console.log('[e2e] building the PWA (vite build)…');
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
  }
}
