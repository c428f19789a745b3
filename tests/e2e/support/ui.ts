import type { Locator, Page } from 'playwright-core';

/** The header sync indicator: 'Offline', 'Syncing…', 'N pending', 'Synced …'. */
export const syncIndicator = (page: Page): Locator => page.getByTestId('sync-indicator');

/** Waits until the app says it is in sync with nothing pending. */
export async function waitSynced(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const el = document.querySelector('[data-testid="sync-indicator"]');
      const label = el?.getAttribute('aria-label') ?? '';
      return /^Sync status: Synced/.test(label) && !/waiting to sync/.test(label);
    },
    undefined,
    { timeout },
  );
}

/** Waits until the indicator shows the offline state. */
export async function waitOfflineIndicator(page: Page): Promise<void> {
  await syncIndicator(page).filter({ hasText: 'Offline' }).waitFor();
}

/** The number of changes waiting to sync, read from the indicator's description. */
export async function pendingCount(page: Page): Promise<number> {
  const label = (await syncIndicator(page).getAttribute('aria-label')) ?? '';
  const match = /(\d+) changes? waiting to sync/.exec(label);
  return match ? Number(match[1]) : 0;
}

/** Waits until the indicator reports `count` (or with `atLeast`, at least `count`) changes waiting to sync. */
export async function waitPending(page: Page, count: number, atLeast = false): Promise<void> {
  await page.waitForFunction(
    ([n, min]) => {
      const label =
        document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('aria-label') ?? '';
      const match = /(\d+) changes? waiting to sync/.exec(label);
      const pending = match ? Number(match[1]) : 0;
      return min ? pending >= n : pending === n;
    },
    [count, atLeast] as const,
    { timeout: 10_000 },
  );
}

/** Waits until the service worker controls the page (needed before reloading offline). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** Client-side navigation through the sidebar (works offline without a reload). */
export async function openSection(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name, exact: true })
    .click();
  await page.getByRole('heading', { name, level: 2 }).waitFor();
}

export interface CustomerInput {
  name: string;
  email: string;
  phone?: string;
  address?: string;
  contactName: string;
  contactEmail: string;
}

/** Customers → Add → form with the main contact → Create Customer → back on the list. */
export async function createCustomerUi(page: Page, customer: CustomerInput): Promise<void> {
  await openSection(page, 'Customers');
  await page.getByRole('button', { name: 'Add Customer' }).first().click();
  await page.getByRole('heading', { name: 'New Customer' }).waitFor();
  await page.getByLabel('Company Name').fill(customer.name);
  await page.getByLabel('Company Email').fill(customer.email);
  if (customer.phone) await page.getByLabel('Company Phone Number').fill(customer.phone);
  if (customer.address)
    await page.getByLabel('Company Address', { exact: true }).fill(customer.address);
  await page.getByLabel('Main Contact Name').fill(customer.contactName);
  await page.getByLabel('Main Contact Email').fill(customer.contactEmail);
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await page.getByText('Customer created successfully!').waitFor();
  await page.waitForURL('**/dashboard/customers');
  await page.getByRole('row').filter({ hasText: customer.name }).waitFor();
}

export interface ProductInput {
  name: string;
  sku: string;
  price: string;
}

/** Products → Add → Create Product (default currency) → back on the list. */
export async function createProductUi(page: Page, product: ProductInput): Promise<void> {
  await openSection(page, 'Products');
  await page.getByRole('button', { name: 'Add Product' }).first().click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(product.name);
  await page.getByRole('textbox', { name: 'SKU' }).fill(product.sku);
  await page.getByRole('textbox', { name: 'Price' }).fill(product.price);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await page.waitForURL('**/dashboard/products');
  await page.getByRole('row').filter({ hasText: product.name }).waitFor();
}

export interface QuoteInput {
  customer: string;
  contact: string;
  /** `taxRate`: the start of the option's text (e.g. 'VAT 19 %'); `discount`: a percentage. */
  items: { product: string; quantity: number; taxRate?: string; discount?: number }[];
  /** Document charges (shipping…): reason, amount, the start of the tax rate option's text. */
  charges?: { reason: string; amount: number; taxRate: string }[];
}

/** Picks the option of a Select whose text starts with `option`. */
async function pick(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(option)}`) }).click();
}

/** Quotes → Create Quote → recipient pickers → items (and charges) → Create Quote → back on the list. */
export async function createQuoteUi(page: Page, quote: QuoteInput): Promise<void> {
  await openSection(page, 'Quotes');
  await page
    .getByRole('link', { name: /^Create (First )?Quote$/ })
    .first()
    .click();
  await page.getByRole('heading', { name: 'Create New Quote' }).waitFor();
  await page.getByRole('button', { name: 'Select Recipient' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Select ${quote.customer}` })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Select ${quote.contact}` })
    .click();
  await page.getByTestId('recipient-contact').getByText(quote.contact).waitFor();
  for (const [index, item] of quote.items.entries()) {
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('combobox', { name: `Item ${index + 1} product` }).click();
    await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(item.product)}`) }).click();
    const quantity = page.getByLabel(`Item ${index + 1} quantity`, { exact: true });
    await quantity.fill(String(item.quantity));
    if (item.taxRate) await pick(page, `Item ${index + 1} tax rate`, item.taxRate);
    if (item.discount)
      await page
        .getByLabel(`Item ${index + 1} discount`, { exact: true })
        .fill(String(item.discount));
  }
  for (const [index, charge] of (quote.charges ?? []).entries()) {
    await page.getByRole('button', { name: 'Add a charge' }).click();
    const row = page.getByTestId('adjustment-row').nth(index);
    await row.getByLabel('Reason').fill(charge.reason);
    await row.getByLabel('Amount').fill(String(charge.amount));
    await pick(page, `Adjustment ${index + 1} tax rate`, charge.taxRate);
  }
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await page.waitForURL('**/dashboard/quotes');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The quotes-list row of the quote for `customer`. */
export const quoteRow = (page: Page, customer: string): Locator =>
  page.getByTestId('quote-row').filter({ hasText: customer });

/** Opens the header's 'Sync issues' panel. */
export async function openSyncIssues(page: Page): Promise<Locator> {
  await syncIndicator(page).click();
  const drawer = page.getByRole('dialog', { name: 'Sync issues' });
  await drawer.waitFor();
  return drawer;
}

/** Customers → Edit <name> → change the given fields → Update Customer → back on the list. */
export async function editCustomerUi(
  page: Page,
  name: string,
  fields: Record<string, string>,
): Promise<void> {
  await openSection(page, 'Customers');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByRole('heading', { name: 'Edit Customer' }).waitFor();
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`)).fill(value);
  await page.getByRole('button', { name: 'Update Customer' }).click();
  await page.getByText('Customer updated successfully!').waitFor();
  await page.waitForURL('**/dashboard/customers');
}
