/**
 * A retainer that bills itself: on a tablet with no signal, the rep sets up a monthly invoice
 * (issued and mailed automatically) starting next week; back online it syncs. A month passes
 * (the server's test clock moves 31 days, which makes the scheduled jobs due): the server makes the
 * invoice once, mails it with its PDF to the customer's contact, and the rep, signed in again (the
 * month outlived the session), finds it on the device, linked from the profile, with its PDF.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, seedMasterData } from './support/api';
import { useE2E } from './support/e2e';
import { readMailbox } from './support/mailbox';
import {
  escapeRegExp,
  waitForServiceWorker,
  waitOfflineIndicator,
  waitPending,
  waitSynced,
} from './support/ui';

const e2e = useE2E(
  { viewport: { width: 1024, height: 768 }, hasTouch: true },
  { env: { TEST_CLOCK: '1' } },
);

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'MM/DD/YYYY' (the default en-US format the date field reads) of the UTC day `days` from now. */
function usDate(days: number): string {
  const [y, m, d] = new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

interface ProfileJson {
  id: string;
  nextDate: string | null;
}
interface InvoiceJson {
  id: string;
  invoiceNumber: string | null;
  status: string;
  recurringProfileId: string | null;
}

async function poll<T>(what: string, read: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('recurring invoices: a retainer set up offline bills itself a month later', () => {
  it('a profile made offline on a tablet syncs; a month on, its invoice is mailed and is on the device with its PDF', async () => {
    const { page, context, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    await seedMasterData(api, {
      customer: 'Harbour Lights Ltd',
      contact: 'Ada Byrne',
      product: 'Website care plan',
      price: 250,
    });
    await loginThroughUi(page, owner);
    await waitSynced(page);
    await waitForServiceWorker(page);

    // Offline: the rep sets the retainer up.
    await context.setOffline(true);
    await waitOfflineIndicator(page);
    await openSectionRecurring(page);
    await page.getByRole('link', { name: 'Create a recurring invoice' }).click();
    await page.getByRole('heading', { name: 'New Recurring Invoice' }).waitFor();
    await page.getByRole('button', { name: 'Select Recipient' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Select Harbour Lights Ltd' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Select Ada Byrne' }).click();
    await page.getByTestId('recipient-contact').getByText('Ada Byrne').waitFor();
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('combobox', { name: 'Item 1 product' }).click();
    await page
      .getByRole('option', { name: new RegExp(`^${escapeRegExp('Website care plan')}`) })
      .click();
    const schedule = page.getByTestId('schedule-card');
    await schedule.getByRole('textbox', { name: 'Start date' }).fill(usDate(7));
    await schedule.getByRole('combobox', { name: 'Each invoice' }).click();
    await page.getByRole('option', { name: 'Issue and mail automatically' }).click();
    await page.getByRole('button', { name: 'Create Recurring Invoice' }).click();
    await page.waitForURL('**/dashboard/recurring');
    const row = page.getByTestId('recurring-row').filter({ hasText: 'Harbour Lights Ltd' });
    await expect.poll(() => row.textContent()).toContain('Monthly');
    await waitPending(page, 1, true);

    // Online: it syncs, and the server holds it with its first date next week.
    await context.setOffline(false);
    await waitSynced(page);
    const profile = await poll('the profile on the server', async () => {
      const list = await api.get<ProfileJson[]>('/api/recurring-profiles');
      return list.data[0];
    });
    expect(profile.nextDate).not.toBeNull();

    // A month later: the jobs are due; the invoice is made once and mailed.
    const moved = await api.post<{ now: string }>('/api/test/clock', { advanceDays: 31 });
    expect(moved.status).toBe(200);
    const fresh = await apiLogin(server.baseUrl, owner.email, owner.password);
    const invoice = await poll('the recurring invoice', async () => {
      const list = await fresh.get<InvoiceJson[]>('/api/invoices');
      return list.data.find((i) => i.recurringProfileId === profile.id);
    });
    expect(invoice.status).not.toBe('Draft');
    expect(invoice.invoiceNumber).toBeTruthy();
    const mail = await poll('the invoice mail', async () =>
      (await readMailbox(server.dataDir)).find((m) => m.subject.includes(invoice.invoiceNumber!)),
    );
    expect(mail.to).toContain('ada.byrne@harbourlightsltd.example');
    expect(mail.attachments).toContain('application/pdf');
    // Made once: a second tick has nothing more to make for this month.
    const invoices = (await fresh.get<InvoiceJson[]>('/api/invoices')).data;
    expect(invoices.filter((i) => i.recurringProfileId === profile.id)).toHaveLength(1);

    // On the device: the month outlived the session; signed in again, the invoice is there.
    await page.getByRole('button', { name: 'Log in again' }).first().click({ timeout: 60_000 });
    await page.waitForURL('**/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(owner.email);
    await page.getByLabel(/^Password/).fill(owner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await waitSynced(page, 60_000);
    // The dashboard counts the retainer: 250.00 a month, before tax.
    await expect
      .poll(() => page.getByTestId('card-recurring-value').textContent())
      .toContain('250.00');
    await openSectionRecurring(page);
    await row.getByRole('link', { name: 'Harbour Lights Ltd' }).click();
    const made = page.getByTestId('profile-invoices');
    await made.getByRole('link', { name: invoice.invoiceNumber! }).click();
    await page
      .getByRole('heading', { name: new RegExp(escapeRegExp(invoice.invoiceNumber!)) })
      .waitFor();
    await page.getByRole('link', { name: /recurring profile/i }).waitFor();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page
      .getByRole('button', { name: `PDF of invoice ${invoice.invoiceNumber}` })
      .first()
      .click();
    const pdf = await readFile((await (await download).path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
    expect(text).toContain(invoice.invoiceNumber!);
    expect(text).toContain('Website care plan');
    expect(text).toContain('250.00');
  });
});

async function openSectionRecurring(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Recurring', exact: true })
    .click();
  await page.getByRole('heading', { name: 'Recurring invoices', level: 2 }).waitFor();
}
