import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loginThroughUi, newAccount } from './support/accounts';
import { apiLogin } from './support/api';
import { useE2E } from './support/e2e';
import { latestCode } from './support/mailbox';
import { SCREENSHOT_DIR } from './support/paths';
import { waitSynced } from './support/ui';

/** Issue 34: a German company, signed up as one, types and reads amounts the German way. */
const e2e = useE2E({ viewport: { width: 1440, height: 900 }, locale: 'de-DE' });

interface CurrencyJson {
  code: string;
  taxRate: number;
  isDefault: boolean;
}
interface InvoiceJson {
  id: string;
  invoiceNumber: string;
  amountPaid: number;
  taxRate: number;
  total: number;
}

/** Text as read: the narrow and plain no-break spaces Intl writes, as spaces. */
const spaced = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('local formats and country defaults (issue 34)', () => {
  it('a company registered in Germany gets EUR at 19 %, and 1.234,56 typed in a payment is recorded and shown as 1.234,56 €', async () => {
    const { page, server } = e2e;
    const owner = newAccount();

    // Sign-up through the form: the country is asked (first the browser's: de-DE → Germany).
    await page.goto('/register');
    await page.getByLabel('Business name').fill(owner.company);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Country' }).inputValue())
      .toBe('Germany');
    await page.getByRole('textbox', { name: 'Email' }).fill(owner.email);
    await page.getByLabel(/^Password/).fill(owner.password);
    await page.getByLabel(/^Confirm password/).fill(owner.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText(/Registration successful/).waitFor();
    const { code } = await latestCode(server.dataDir, owner.email);
    const verified = await fetch(`${server.baseUrl}/api/auth/verify-email-otp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: owner.email, otpCode: code }),
    });
    expect(verified.status).toBe(200);

    // The country's defaults: euros at Germany's standard rate, A4, German number format.
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    const currencies = (await api.get<CurrencyJson[]>('/api/currencies')).data;
    expect(
      currencies.map(({ code: c, taxRate, isDefault }) => ({ c, taxRate, isDefault })),
    ).toEqual([{ c: 'EUR', taxRate: 19, isDefault: true }]);
    const company = (
      await api.get<{ country: string; locale: string; paperSize: string }>(
        '/api/tenants/current/company',
      )
    ).data;
    expect(company).toMatchObject({ country: 'DE', locale: 'de-DE', paperSize: 'A4' });

    const customer = await api.post<{ id: string }>('/api/customers', {
      name: 'Bäckerei Müller',
      email: 'buero@baeckerei-mueller.example',
      mainContactName: 'Jana Müller',
      mainContactEmail: 'jana@baeckerei-mueller.example',
    });
    expect(customer.status).toBe(201);
    const contacts = await api.get<{ id: string }[]>(`/api/contacts/customer/${customer.data.id}`);
    const product = await api.post<{ id: string }>('/api/products', {
      name: 'Ladenbau',
      price: 1500,
      currencyCode: 'EUR',
    });
    expect(product.status).toBe(201);
    // A quote in the default currency carries the country's rate: 2 × 1.500,00 € + 19 %.
    const quote = await api.post<{ taxRate: number; total: number; currencyCode: string }>(
      '/api/quotes',
      {
        customerId: customer.data.id,
        contactId: contacts.data[0]!.id,
        currencyCode: 'EUR',
        items: [{ productId: product.data.id, quantity: 2 }],
      },
    );
    expect(quote.status, JSON.stringify(quote.data)).toBe(201);
    expect(quote.data).toMatchObject({ currencyCode: 'EUR', taxRate: 19, total: 3570 });

    // An invoice: the order keeps the lines' rate (the currency's 19 %): 2 × 1.500,00 € + 19 % = 3.570,00 €.
    const order = await api.post<{ id: string }>('/api/orders', {
      customerId: customer.data.id,
      contactId: contacts.data[0]!.id,
      currencyCode: 'EUR',
      items: [{ productId: product.data.id, quantity: 2 }],
    });
    expect(order.status, JSON.stringify(order.data)).toBe(201);
    const made = await api.post<InvoiceJson>(`/api/orders/${order.data.id}/create-invoice`);
    expect(made.status).toBe(201);
    expect(made.data).toMatchObject({ total: 3570 });
    const invoice = made.data;

    await loginThroughUi(page, owner);
    await waitSynced(page);
    await page.goto(`/dashboard/invoices/${invoice.id}`);
    await page
      .getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}`, level: 2 })
      .waitFor();
    await expect
      .poll(async () => spaced(await page.getByTestId('balance-due').textContent()))
      .toBe('3.570,00 €');

    // The US way of writing it is not guessed at: refused, with how to write it.
    await page.getByRole('button', { name: 'Record Payment' }).click();
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByRole('textbox', { name: 'Amount' });
    await amount.fill('1,234.56');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await dialog.getByText('Not a number this way. Type it like 1.234,56.').waitFor();

    await amount.fill('1.234,56');
    // Dates too: shown the German way, the US way refused with how to write it.
    const date = dialog.getByRole('textbox', { name: 'Date' });
    expect(await date.inputValue()).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4}$/);
    await date.fill('11/26/2026');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await dialog.getByText('Not a date this way. Type it like 26.11.2026.').waitFor();
    await date.fill('26.11.2026');
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await dialog.screenshot({
        path: path.join(SCREENSHOT_DIR, `local-formats-payment-date-de-${width}.png`),
      });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('payment-row');
    await expect.poll(async () => spaced(await row.textContent())).toContain('1.234,56 €');
    await expect
      .poll(async () => spaced(await page.getByTestId('balance-due').textContent()))
      .toBe('2.335,44 €');

    await waitSynced(page);
    const synced = (await api.get<InvoiceJson>(`/api/invoices/${invoice.id}`)).data;
    expect(synced.amountPaid).toBe(1234.56);
    const payments = (await api.get<{ paidOn: string }[]>(`/api/invoices/${invoice.id}/payments`))
      .data;
    expect(payments.map((p) => p.paidOn)).toEqual(['2026-11-26']);

    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'local-formats-invoice-de.png'),
      fullPage: true,
    });
  });
});
