/**
 * Getting paid, the quote half of the journey: a customer accepts with their full name and the owner's
 * quote screen shows who accepted and how often the quote was viewed; after the valid-until day
 * the customer's link says the quote expired and refuses acceptance. The server runs with
 * TEST_CLOCK=1, so the test moves its clock (`POST /api/test/clock`) instead of waiting.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { formatDay } from '@smb/shared-types/quotes';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, seedMasterData, seedQuote, type Api } from './support/api';
import { useE2E } from './support/e2e';
import { SCREENSHOT_DIR } from './support/paths';
import { openSection, quoteRow, waitSynced } from './support/ui';

const e2e = useE2E({ viewport: { width: 1440, height: 900 } }, { env: { TEST_CLOCK: '1' } });

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;

interface SentQuote {
  id: string;
  quoteNumber: string;
  tenantId: string;
  accessToken: string;
  validUntil: string;
}

async function sentQuote(api: Api, customer: string): Promise<SentQuote> {
  const ids = await seedMasterData(api, {
    customer,
    contact: 'Jane Roe',
    product: 'Harbour survey',
    price: 480,
  });
  const draft = await seedQuote(api, ids, 2);
  const sent = await api.post<SentQuote>(`/api/quotes/${draft.id}/send`);
  expect(sent.status).toBe(200);
  return sent.data;
}

const linkOf = (baseUrl: string, q: SentQuote) =>
  `${baseUrl}/quote/${q.tenantId}/${q.id}/view?token=${encodeURIComponent(q.accessToken)}`;

async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300); // layout transitions (navbar) settle before the picture
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `quote-${name}-${size.width}x${size.height}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(SIZES[0]);
}

const quoteFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Quote"]');

describe('quotes that expire, are viewed, and are accepted by name', () => {
  it('the customer accepts with their full name; the owner’s quote screen shows the signer and the views', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    const quote = await sentQuote(api, 'Harbour Lights Ltd');

    // The customer, in their own browser: the accept form asks for the full name.
    const customer = await (await e2e.newContext({ serviceWorkers: 'block' })).newPage();
    await customer.goto(linkOf(server.baseUrl, quote));
    const frame = quoteFrame(customer);
    await frame.getByText(`Valid until: ${formatDay(quote.validUntil)}`).waitFor();
    const name = frame.getByRole('textbox', { name: 'Your full name' });
    await name.waitFor();
    await name.fill('Jane Roe');
    await shoot(customer, 'public-accept-form');
    await frame.getByRole('button', { name: 'Accept Quote' }).click();
    await frame.getByText(`Thank you. Quote ${quote.quoteNumber} has been accepted.`).waitFor();
    await frame.getByText('Accepted by Jane Roe').waitFor();

    // The owner's app learns it through sync.
    await loginThroughUi(page, owner);
    await waitSynced(page);
    await openSection(page, 'Quotes');
    const row = quoteRow(page, 'Harbour Lights Ltd');
    await row.getByText('Accepted', { exact: true }).waitFor({ timeout: 45_000 });
    await row.getByRole('button', { name: `View quote ${quote.quoteNumber}` }).click();
    await page.getByRole('heading', { name: `Edit Quote ${quote.quoteNumber}` }).waitFor();
    await page.getByTestId('quote-accepted-by').getByText('Jane Roe').waitFor();
    const viewed = await page.getByTestId('quote-viewed').innerText();
    expect(viewed).toMatch(/^Viewed 1× · last \d{1,2} [A-Z][a-z]{2} \d{2}:\d{2}$/);
    await shoot(page, 'screen-accepted-viewed');
  });

  it('after the valid-until day the link says the quote expired and refuses acceptance', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    const details = await api.put('/api/tenants/current/company', {
      email: 'sales@harbour.example',
      phone: '+44 20 7946 0000',
      quoteValidityDays: 14,
    });
    expect(details.status).toBe(200);
    const quote = await sentQuote(api, 'Pier Cafe');

    // The customer opens the link while it is valid, and leaves the tab open.
    const customer = await (await e2e.newContext({ serviceWorkers: 'block' })).newPage();
    await customer.goto(linkOf(server.baseUrl, quote));
    const frame = quoteFrame(customer);
    await frame.getByRole('textbox', { name: 'Your full name' }).fill('Sam Pier');

    // 15 days later the quote is past its day.
    const moved = await fetch(`${server.baseUrl}/api/test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceDays: 15 }),
    });
    expect(moved.status).toBe(200);
    const expiredText = `This quote expired on ${formatDay(quote.validUntil)}`;

    // Accepting from the stale tab is refused with the server's message.
    await frame.getByRole('button', { name: 'Accept Quote' }).click();
    await customer.getByRole('alert').getByText(expiredText).waitFor();
    // The owner's 2-hour token ran out with the move: sign in again to look.
    const later = await apiLogin(server.baseUrl, owner.email, owner.password);
    expect((await later.get<{ status: string }>(`/api/quotes/${quote.id}`)).data.status).toBe(
      'Sent',
    );

    // Opening the link again shows the expired notice with the company's contact details.
    await customer.reload();
    await frame.getByText(expiredText).waitFor();
    await frame.getByText('sales@harbour.example').waitFor();
    await frame.getByText('+44 20 7946 0000').waitFor();
    expect(await frame.getByRole('button', { name: 'Accept Quote' }).count()).toBe(0);
    await shoot(customer, 'public-expired');

    // The owner's list shows the Expired badge and filter. The app judges expiry by the device's
    // clock, so the owner's browser lives on the server's moved day too.
    await page.clock.install({ time: Date.now() + 15 * 86_400_000 });
    await loginThroughUi(page, owner);
    await waitSynced(page);
    await openSection(page, 'Quotes');
    const row = quoteRow(page, 'Pier Cafe');
    await row.getByText('Expired', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Expired', exact: true }).click();
    await row.waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Accepted', exact: true }).click();
    await row.waitFor({ state: 'detached' });
  });
});
