import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin } from './support/api';
import { useE2E } from './support/e2e';
import { REPO_ROOT, SCREENSHOT_DIR } from './support/paths';
import {
  openSection,
  waitForServiceWorker,
  waitOfflineIndicator,
  waitPending,
  waitSynced,
} from './support/ui';

const e2e = useE2E({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });

/** European Excel: semicolons, CRLF, accents; two rows the forms' rules refuse. */
const CUSTOMERS_CSV = [
  'Company;E-mail Address;Phone 1;Address;City;Contact Name;Contact Email',
  'Bäckerei Schmidt GmbH;info@baeckerei-schmidt.example;+49 30 1234567;Hauptstraße 5;10115 Berlin;Anna Schmidt;anna@baeckerei-schmidt.example',
  'Broken Mail BV;not-an-email;+31 20 555 0101;Damrak 1;Amsterdam;;',
  '"Café ""Zum Löwen"" KG";hallo@zumloewen.example;;"Marktplatz 3; Hinterhaus";München;;',
  ';nameless@example.com;;;;;',
  'Dupont & Fils;contact@dupont.example;=1+2;12 rue de la Paix;Paris;Jean Dupont;jean@dupont.example',
].join('\r\n');

interface ServerCustomer {
  name: string;
  email: string;
  phoneNumber: string | null;
  address: string | null;
  address2: string | null;
}

const EXPECTED: ServerCustomer[] = [
  {
    name: 'Bäckerei Schmidt GmbH',
    email: 'info@baeckerei-schmidt.example',
    phoneNumber: '+49 30 1234567',
    address: 'Hauptstraße 5',
    address2: '10115 Berlin',
  },
  {
    name: 'Café "Zum Löwen" KG',
    email: 'hallo@zumloewen.example',
    phoneNumber: null,
    address: 'Marktplatz 3; Hinterhaus',
    address2: 'München',
  },
  {
    name: 'Dupont & Fils',
    email: 'contact@dupont.example',
    phoneNumber: '=1+2',
    address: '12 rue de la Paix',
    address2: 'Paris',
  },
];

async function chooseFile(page: Page, name: string, content: string | Buffer) {
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
  });
}

async function openImport(page: Page) {
  await openSection(page, 'Customers');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await page.getByRole('heading', { name: 'Import customers', level: 2 }).waitFor();
}

describe('CSV import and export of customers', () => {
  it('imports a CSV offline with bad rows shown in the preview, syncs exactly the valid rows, and the export re-imports to the same rows', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    await loginThroughUi(page, owner);
    await waitSynced(page);
    await waitForServiceWorker(page);

    await e2e.context.setOffline(true);
    await waitOfflineIndicator(page);
    await openImport(page);
    await chooseFile(page, 'customers.csv', CUSTOMERS_CSV);

    // Columns guessed from the headers; the user could change them here.
    await expect
      .poll(() =>
        page
          .getByLabel(/^Company email/)
          .first()
          .inputValue(),
      )
      .toBe('E-mail Address');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();

    await page.getByText('3 new', { exact: true }).waitFor();
    await page.getByText('2 with problems', { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Rows as they will be stored' });
    const row = (line: number) =>
      table
        .getByTestId('import-preview-row')
        .filter({ has: page.getByRole('cell', { name: String(line), exact: true }) });
    await row(3).getByText('Company email is not a valid email address').waitFor();
    await row(5).getByText('Company name is required').waitFor();
    // Values as stored: quotes undone, the quoted semicolon kept.
    await row(4).getByText('Café "Zum Löwen" KG').waitFor();
    await row(4).getByText('Marktplatz 3; Hinterhaus').waitFor();
    expect(await api.get('/api/customers').then((r) => r.total)).toBe(0);

    await page.getByRole('button', { name: 'Import 3 customers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import 3 customers?' });
    await dialog.getByText(/3 new customers will be created and 2 rows skipped/).waitFor();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();
    await page.getByText('Row 3: Company email is not a valid email address').waitFor();
    await page.getByText('Row 5: Company name is required').waitFor();

    // The skipped rows, as a CSV to fix: the file's columns plus the reason.
    const [skipped] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download skipped rows' }).click(),
    ]);
    const skippedText = await readFile((await skipped.path())!, 'utf8');
    // Every cell quoted; a cell that starts like a formula neutralised with an apostrophe.
    expect(skippedText.startsWith('\uFEFF"Company","E-mail Address",')).toBe(true);
    expect(Papa.parse<string[]>(skippedText.replace(/^\uFEFF/, '').trim()).data).toEqual([
      [
        'Company',
        'E-mail Address',
        'Phone 1',
        'Address',
        'City',
        'Contact Name',
        'Contact Email',
        'Row',
        'Reason',
      ],
      [
        'Broken Mail BV',
        'not-an-email',
        "'+31 20 555 0101",
        'Damrak 1',
        'Amsterdam',
        '',
        '',
        '3',
        'Company email is not a valid email address',
      ],
      ['', 'nameless@example.com', '', '', '', '', '', '5', 'Company name is required'],
    ]);

    // Three customers and two main contacts wait in the outbox: three mutations.
    await waitPending(page, 3);
    expect(await api.get('/api/customers').then((r) => r.total)).toBe(0);

    await e2e.context.setOffline(false);
    await waitSynced(page, 60_000);
    const onServer = await api.get<(ServerCustomer & { id: string })[]>('/api/customers?limit=100');
    expect(onServer.total).toBe(3);
    expect(
      onServer.data.map(({ name, email, phoneNumber, address, address2 }) => ({
        name,
        email,
        phoneNumber,
        address,
        address2,
      })),
    ).toEqual(EXPECTED);
    const contacts =
      await api.get<{ name: string; email: string; role: string }[]>('/api/contacts?limit=100');
    expect(contacts.data.map((c) => [c.name, c.email, c.role]).sort()).toEqual([
      ['Anna Schmidt', 'anna@baeckerei-schmidt.example', 'Primary'],
      ['Jean Dupont', 'jean@dupont.example', 'Primary'],
    ]);

    // Export the list (searched: "e" matches all three) and import the file again.
    await openSection(page, 'Customers');
    await page.getByRole('textbox', { name: 'Search customers' }).fill('e');
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV of customers' }).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await exported.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    // Formula neutralised in the file.
    expect(text).toContain(`"'=1+2"`);

    await page.getByRole('link', { name: 'Import CSV' }).click();
    await chooseFile(page, exported.suggestedFilename(), bytes);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByText('0 new', { exact: true }).waitFor();
    await page.getByText('3 already exist', { exact: true }).waitFor();
    await page.getByText('0 with problems', { exact: true }).waitFor();
    // Same rows: updating the existing customers from the exported file changes nothing.
    await page.getByRole('radio', { name: 'Update the existing customers' }).check();
    await page.getByRole('button', { name: 'Import 3 customers' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();
    await expect
      .poll(() => page.getByText('Row 2: Already exists with the same values').count())
      .toBe(1);
    const figures = await page.locator('.mantine-Paper-root .mantine-Text-root').allInnerTexts();
    expect(figures.join(' ')).toMatch(/Created\s*0.*Updated\s*0.*Skipped\s*3/is);
    await waitSynced(page);
    expect((await api.get('/api/customers')).total).toBe(3);
  });

  it('the import wizard fits 1440×900, 768×1024 and 390×844 and works with the keyboard', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    await loginThroughUi(page, owner);
    await waitSynced(page);
    const fixture = await readFile(
      path.join(REPO_ROOT, 'tests/fixtures/csv/customers-excel-semicolon.csv'),
    );
    for (const [width, height] of [
      [1440, 900],
      [768, 1024],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/dashboard/import/customers');
      await page.getByRole('heading', { name: 'Import customers', level: 2 }).waitFor();
      const shot = async (step: string) => {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${step} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `csv-import-${step}-${width}.png`),
          fullPage: true,
        });
      };
      await shot('1-file');
      await chooseFile(page, 'customers-excel-semicolon.csv', fixture);
      await page.getByRole('button', { name: 'Preview', exact: true }).waitFor();
      await shot('2-columns');
      // Keyboard: focus the Preview button and press Enter.
      await page.getByRole('button', { name: 'Preview', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('with problems').first().waitFor();
      await shot('3-preview');
      await page.getByRole('button', { name: /^Import \d+ customers$/ }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      await shot('4-confirm');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
  });
});
