import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DIST_DIR = path.join(REPO_ROOT, 'dist/pwa');
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'tests/e2e/screenshots');
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Build N of the week-offline journey (support/previous-release.vite.config.ts). */
export const PREVIOUS_DIST_DIR = path.join(REPO_ROOT, 'dist/pwa-previous');
