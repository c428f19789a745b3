import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi, newAccount } from './support/accounts';
import { useE2E } from './support/e2e';
import { latestCode } from './support/mailbox';

const e2e = useE2E();

describe('account flow in Chromium', () => {
  it('register → code from the dev mailbox → verify → login → dashboard', async () => {
    const { page, server } = e2e;
    const account = newAccount();

    await page.goto('/register');
    await page.getByLabel('Business name').fill(account.company);
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
    const signUp = page.getByRole('button', { name: 'Sign Up' });
    expect(await signUp.isEnabled()).toBe(true); // ping succeeded: no connectivity banner
    await signUp.click();

    // After 2 s the app moves on to /verify-email with the e-mail filled in.
    await page.waitForURL('**/verify-email', { timeout: 10_000 });
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(account.email);

    const { code } = await latestCode(server.dataDir, account.email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.waitForURL('**/login', { timeout: 10_000 });

    await page.getByLabel(/^Password/).fill(account.password);
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(account.email);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Keeping SMB Simple' }).waitFor();
    // The header shows the tenant's name from GET /api/tenants/current.
    await page.getByTestId('tenant-name').filter({ hasText: account.company }).waitFor();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      expiry: Number(localStorage.getItem('tokenExpiry')),
    }));
    expect(stored.token?.split('.')).toHaveLength(3);
    expect(stored.expiry).toBeGreaterThan(Date.now());

    // The registering user administers the tenant: Settings is visible.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .waitFor();
  });

  it('shows the server message for wrong credentials', async () => {
    const { page, server } = e2e;
    const account = await createVerifiedAccount(server.baseUrl, server.dataDir);
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel(/^Password/).fill('Wrong-passw0rd!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Login failed. Please check your credentials.').waitFor();
  });

  it('logs out to /login after simulated inactivity, keeping IndexedDB', async () => {
    const { page, server } = e2e;
    const account = await createVerifiedAccount(server.baseUrl, server.dataDir);
    await page.clock.install();
    await loginThroughUi(page, account);
    // Something the offline outbox would hold: it must survive the logout.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('e2e-outbox-probe', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('outbox');
          open.onsuccess = () => {
            const tx = open.result.transaction('outbox', 'readwrite');
            tx.objectStore('outbox').put({ name: 'customer.create' }, 1);
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
          open.onerror = () => reject(open.error);
        }),
    );

    // No input for 2 hours and a minute: the next 60-second check logs the user out.
    await page.clock.fastForward('02:01:00');
    await page.waitForURL('**/login', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    const kept = await page.evaluate(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('e2e-outbox-probe', 1);
          open.onsuccess = () => {
            const request = open.result.transaction('outbox').objectStore('outbox').get(1);
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          };
          open.onerror = () => reject(open.error);
        }),
    );
    expect(kept).toEqual({ name: 'customer.create' });

    // The dashboard is closed again.
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
  });
});
