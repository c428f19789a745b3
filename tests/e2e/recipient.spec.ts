import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, seedMasterData, seedQuote, type QuoteJson } from './support/api';
import { useE2E } from './support/e2e';
import { openSection, quoteRow, waitSynced } from './support/ui';

const e2e = useE2E();

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

/** Staff: the public link from the Share dialog of the quote's row. */
async function shareLink(page: Page, customer: string): Promise<string> {
  await quoteRow(page, customer)
    .getByRole('button', { name: /^Share quote / })
    .click();
  const dialog = page.getByRole('dialog');
  const link = await dialog.getByRole('textbox', { name: 'Public link' }).inputValue();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  return link;
}

describe('the recipient on a phone', () => {
  it('reads and rejects the quote from the share link; the staff list follows; after a re-send the old link is dead', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    const ids = await seedMasterData(api, {
      customer: 'Pocket Cafe',
      contact: 'Jo Brew',
      product: 'Espresso machine',
      sku: 'ESP-7',
      price: 849.5,
    });
    const quote = await seedQuote(api, ids, 2);
    await loginThroughUi(page, owner);
    await waitSynced(page);
    await openSection(page, 'Quotes');
    const row = quoteRow(page, 'Pocket Cafe');
    const number = quote.quoteNumber ?? '';
    await row.getByText(number).waitFor();

    // Send from the list (confirmation), then share.
    await row.getByRole('button', { name: `Send quote ${number}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send Quote' }).click();
    await row.getByText('Sent', { exact: true }).waitFor();
    await waitSynced(page);
    const firstLink = await shareLink(page, 'Pocket Cafe');

    // The recipient's phone.
    const phone = await (await e2e.newContext(PHONE)).newPage();
    await phone.goto(firstLink);
    const frame = phone.frameLocator('iframe[title="Quote"]');
    await frame.getByRole('heading', { name: owner.company }).waitFor();
    await frame.getByText(number, { exact: true }).waitFor();
    await frame.getByRole('cell', { name: /Espresso machine/ }).waitFor();
    await frame.getByText('SKU ESP-7').waitFor();
    const total = (await api.get<QuoteJson>(`/api/quotes/${quote.id}`)).data.total;
    const totalText = `$${total.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await frame.locator('.grand').getByText(totalText).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await frame.getByRole('button', { name: 'Accept Quote' }).waitFor();
    await frame.getByRole('button', { name: 'Reject Quote' }).tap();
    await frame.getByText(`Quote ${number} has been rejected.`).waitFor();
    await frame.getByRole('button', { name: 'Accept Quote' }).waitFor({ state: 'detached' });

    // The staff list shows it after sync.
    await row.getByText('Rejected', { exact: true }).waitFor({ timeout: 45_000 });

    // Revise: back to Draft in the quote's status dropdown, then Send Quote again.
    await row.getByRole('button', { name: `View quote ${number}` }).click();
    await page.getByRole('heading', { name: `Edit Quote ${number}` }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Draft', exact: true }).click();
    await page.getByRole('button', { name: 'Update Quote' }).waitFor();
    await page.getByRole('button', { name: 'Send Quote' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send Quote' }).click();
    await page.waitForURL('**/dashboard/quotes');
    await row.getByText('Sent', { exact: true }).waitFor();
    await waitSynced(page);
    const secondLink = await shareLink(page, 'Pocket Cafe');
    expect(secondLink).not.toBe(firstLink);

    // The old link is dead; the new one works.
    await phone.goto(firstLink);
    await phone.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await phone
      .getByText(/Failed to load quote|Quote not found/)
      .first()
      .waitFor();
    await phone.goto(secondLink);
    await phone
      .frameLocator('iframe[title="Quote"]')
      .getByRole('button', { name: 'Accept Quote' })
      .waitFor();
  });
});
