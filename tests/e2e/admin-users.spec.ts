import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin } from './support/api';
import { useE2E } from './support/e2e';
import { latestCode } from './support/mailbox';

const e2e = useE2E();

interface UserJson {
  id: string;
  email: string;
  isVerified: boolean;
  isTenantAdmin: boolean;
}

describe('an administrator and a regular user', () => {
  it('invite from Settings → Users, accept at /verify-invitation, no Settings for the user; the admin toggles the role and deletes', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    const letters = [...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
    const invitee = { email: `new-hire-${letters}@example.com`, password: 'Welcome#2026' };

    await loginThroughUi(page, owner);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.waitForURL('**/dashboard/settings/users');
    await page.getByText('(You)').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(invitee.email);
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await page.getByText(`Invitation sent to ${invitee.email}.`).waitFor();
    const row = page.getByRole('row').filter({ hasText: invitee.email });
    await row.getByText('Pending Verification').waitFor();
    await row.getByText('Regular User').waitFor();

    // The invitee follows the mailed link on another device.
    const { code, mail } = await latestCode(server.dataDir, invitee.email);
    const link = /https?:\/\/\S+\/verify-invitation\?\S+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const other = await (await e2e.newContext()).newPage();
    await other.goto(link ?? '');
    expect(await other.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(invitee.email);
    await other.getByLabel('Verification code').fill(code);
    await other.getByLabel(/^Password/).fill(invitee.password);
    await other.getByRole('button', { name: 'Accept Invitation' }).click();
    await other.waitForURL('**/dashboard', { timeout: 10_000 });
    await other.getByRole('heading', { name: 'Keeping SMB Simple' }).waitFor();
    const nav = other.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Customers' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await other.goto('/dashboard/settings');
    await other.waitForURL(/\/dashboard$/);
    await other.goto('/dashboard/settings/users');
    await other.waitForURL(/\/dashboard$/);
    // The server refuses the user list too (rights come from the database).
    const inviteeApi = await apiLogin(server.baseUrl, invitee.email, invitee.password);
    expect((await inviteeApi.get('/api/users')).status).toBe(403);

    // The admin sees the account verified, promotes and demotes it, then deletes it.
    await page.reload();
    await row.getByText('Verified', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Make ${invitee.email} an administrator` }).click();
    await row.getByText('Administrator', { exact: true }).waitFor();
    const promoted = (await api.get<UserJson[]>('/api/users')).data.find(
      (u) => u.email === invitee.email,
    );
    expect(promoted?.isTenantAdmin).toBe(true);
    await row
      .getByRole('button', { name: `Remove administrator role from ${invitee.email}` })
      .click();
    await row.getByText('Regular User').waitFor();
    const demoted = (await api.get<UserJson[]>('/api/users')).data.find(
      (u) => u.email === invitee.email,
    );
    expect(demoted).toMatchObject({ isTenantAdmin: false, isVerified: true });

    await row.getByRole('button', { name: `Delete ${invitee.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete User' });
    await dialog
      .getByText('Are you sure you want to delete this user? This action cannot be undone.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    const users = (await api.get<UserJson[]>('/api/users')).data.map((u) => u.email);
    expect(users).toEqual([owner.email]);
    expect(
      (
        await fetch(`${server.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(invitee),
        })
      ).status,
    ).not.toBe(200);
  });
});
