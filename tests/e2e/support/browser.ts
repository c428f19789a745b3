import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH } from './paths';

export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH} — install it with: sudo apt-get install -y chromium`,
    );
}

export async function launchBrowser(): Promise<Browser> {
  assertChromium();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}
