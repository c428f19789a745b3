import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { useE2E } from './support/e2e';
import { SCREENSHOT_DIR } from './support/paths';

const e2e = useE2E();

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];

/**
 * Every main screen at desktop, tablet and phone size: nothing overflows sideways. The
 * screenshots land in tests/e2e/screenshots/visual-*.png for review.
 */
describe('responsive layout', () => {
  it('landing, login, register and dashboard fit desktop, tablet and phone', async () => {
    const { server } = e2e;
    const account = await createVerifiedAccount(server.baseUrl, server.dataDir);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    for (const viewport of VIEWPORTS) {
      const context = await e2e.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.name === 'phone',
        hasTouch: viewport.name !== 'desktop',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const shoot = async (screen: string, fullPage = true) => {
        // The dashboard keeps the sync server's push-hint stream open, so the network never idles
        // there: wait until the first sync is done instead.
        if (new URL(page.url()).pathname.startsWith('/dashboard'))
          await page
            .getByTestId('sync-indicator')
            .filter({ hasText: /^Synced/ })
            .waitFor();
        else await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(
          overflow,
          `${screen} on ${viewport.name} overflows by ${overflow}px`,
        ).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `visual-${screen}-${viewport.name}.png`),
          fullPage,
        });
      };

      await page.goto('/');
      await page.getByRole('heading', { name: /without the busywork/ }).waitFor();
      await shoot('landing');
      if (viewport.name === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
        await page.waitForTimeout(400);
        await shoot('landing-menu', false);
        await page.keyboard.press('Escape');
      }
      await page.goto('/register');
      await page.getByRole('button', { name: 'Sign Up' }).waitFor();
      await shoot('register');
      await page.goto('/contact');
      await page.getByRole('button', { name: 'Send Message' }).waitFor();
      await shoot('contact');
      await loginThroughUi(page, account);
      await page.getByTestId('tenant-name').filter({ hasText: account.company }).waitFor();
      await shoot('dashboard', false);
      if (viewport.name === 'phone') {
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Quotes' })
          .click();
        await page.getByRole('heading', { name: 'Quotes', level: 2 }).waitFor();
        await shoot('quotes', false);
      }
      await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await shoot('login');
      await context.close();
    }
  });
});
