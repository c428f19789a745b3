import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeCsvBytes } from '../decode';
import { guessMapping, IMPORT_FIELDS, type ColumnMapping, type ImportKind } from '../mapping';
import { prepareRows, type ImportLookups, type PreparedRow } from '../prepare';
import { readCsvBytes } from '../read-file';
import { parseNumber } from '../values';

const FIXTURES = path.resolve(__dirname, '../../../../../tests/fixtures/csv');
const bytesOf = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));

const CUSTOMER_ID = '00000000-0000-4000-8000-000000000001';
const ORESUND_ID = '00000000-0000-4000-8000-000000000002';

/** A local store with two customers, one contact, one product and two currencies. */
const lookups: ImportLookups = {
  customersByEmail: new Map([
    ['info@baeckerei-schmidt.de', CUSTOMER_ID],
    ['hej@oresund.dk', ORESUND_ID],
  ]),
  customersByName: new Map([
    ['bäckerei schmidt gmbh', [CUSTOMER_ID]],
    ['nordic øresund aps', [ORESUND_ID]],
    ['twin corp', ['00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004']],
  ]),
  contactsByEmail: new Map([['lars@oresund.dk', '00000000-0000-4000-8000-000000000010']]),
  productsBySku: new Map([['cup-002', '00000000-0000-4000-8000-000000000020']]),
  currencyCodes: new Set(['EUR', 'USD']),
  defaultCurrency: 'EUR',
};

/** Reads a fixture and prepares it with the guessed mapping. */
function load(kind: ImportKind, name: string) {
  const csv = readCsvBytes(bytesOf(name));
  const mapping = guessMapping(kind, csv.headers);
  return { csv, mapping, rows: prepareRows(kind, csv.rows, mapping, lookups) };
}

const summary = (rows: PreparedRow[]) =>
  rows.map((r) => ({ line: r.line, status: r.status, reasons: r.reasons }));

/** The mapping as "field ← header", to read what was guessed. */
const mapped = (kind: ImportKind, headers: string[], mapping: ColumnMapping) =>
  Object.fromEntries(
    IMPORT_FIELDS[kind]
      .filter((f) => mapping[f.key] !== undefined)
      .map((f) => [f.key, headers[mapping[f.key] as number]]),
  );

describe('decoding', () => {
  it('reads UTF-8 with a BOM and drops the BOM', () => {
    const { text, encoding } = decodeCsvBytes(bytesOf('customers-utf8-bom.csv'));
    expect(encoding).toBe('utf-8');
    expect(text.startsWith('Customer Name,')).toBe(true);
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8 (é, €, –, Æ)', () => {
    const { text, encoding } = decodeCsvBytes(bytesOf('products-windows-1252.csv'));
    expect(encoding).toBe('windows-1252');
    expect(text).toContain('Crème brûlée mould');
    expect(text).toContain('Espresso cup – white;CUP-002;€ 4,90');
    expect(text).toContain('Porzellan Ærø');
  });
});

describe('European Excel: semicolons, CRLF, no BOM', () => {
  const { csv, mapping, rows } = load('customers', 'customers-excel-semicolon.csv');

  it('finds the delimiter and guesses every column from the headers', () => {
    expect(csv.delimiter).toBe(';');
    expect(csv.errors).toEqual([]);
    expect(mapped('customers', csv.headers, mapping)).toEqual({
      name: 'Company',
      email: 'E-mail Address',
      phoneNumber: 'Phone 1',
      address: 'Address',
      city: 'City',
      mainContactName: 'Contact Name',
      mainContactEmail: 'Contact Email',
    });
  });

  it('gives each row its status and the forms’ reasons', () => {
    expect(summary(rows)).toEqual([
      { line: 2, status: 'duplicate', reasons: [] },
      { line: 3, status: 'new', reasons: [] },
      { line: 4, status: 'invalid', reasons: ['Company name is required'] },
      {
        line: 5,
        status: 'invalid',
        reasons: ['Company email is not a valid email address'],
      },
      // A contact's name without its e-mail: the customer is imported, without a main contact.
      { line: 6, status: 'new', reasons: [] },
      {
        line: 7,
        status: 'invalid',
        reasons: ['Same email as row 2 of this file'],
      },
      { line: 8, status: 'new', reasons: [] },
    ]);
    expect(rows[0]!.existingId).toBe(CUSTOMER_ID);
    expect(rows[4]!.notes).toEqual([
      expect.stringMatching(/^Imported without a main contact: no email for “.+”$/),
    ]);
    expect(rows[4]!.values.mainContactName).toBeNull();
  });

  it('shows the values as stored: trimmed, blanks null, quotes and delimiters kept', () => {
    expect(rows[1]!.values).toEqual({
      name: 'Dupont & Fils SARL',
      email: 'contact@dupont-fils.fr',
      phoneNumber: '+33 1 23 45 67 89',
      address: '12 rue de la Paix',
      address2: '75002 Paris',
      paymentTerms: null,
      mainContactName: 'Jean Dupont',
      mainContactEmail: 'jean@dupont-fils.fr',
      mainContactPhoneNumber: null,
    });
    expect(rows[6]!.values).toMatchObject({
      name: 'Café "Zum Löwen" KG',
      phoneNumber: '=1+2',
      address: 'Marktplatz 3; Hinterhaus',
      mainContactName: null,
    });
  });
});

describe('UTF-8 with BOM from a CRM', () => {
  const { csv, mapping, rows } = load('customers', 'customers-utf8-bom.csv');

  it('maps "Customer Name", "Main Contact", "Mobile" and keeps accents', () => {
    expect(csv.delimiter).toBe(',');
    expect(mapped('customers', csv.headers, mapping)).toEqual({
      name: 'Customer Name',
      email: 'Email',
      phoneNumber: 'Phone',
      address: 'Street',
      address2: 'Street 2',
      mainContactName: 'Main Contact',
      mainContactEmail: 'Main Contact Email',
      mainContactPhoneNumber: 'Mobile',
    });
    expect(rows[0]!.values).toMatchObject({
      name: 'Société Générale Équipements',
      address: '5, place Bellecour',
      mainContactName: 'Élodie Martin',
      mainContactPhoneNumber: '+33 6 12 34 56 78',
    });
  });

  it('flags the existing e-mail as a duplicate and a bad contact e-mail as invalid', () => {
    expect(summary(rows)).toEqual([
      { line: 2, status: 'new', reasons: [] },
      { line: 3, status: 'duplicate', reasons: [] },
      {
        line: 4,
        status: 'invalid',
        reasons: ['Main contact email is not a valid email address'],
      },
    ]);
  });
});

describe('Windows-1252 products with decimal commas', () => {
  const { csv, mapping, rows } = load('products', 'products-windows-1252.csv');

  it('maps "Unit price", "Qty", "Vendor"', () => {
    expect(mapped('products', csv.headers, mapping)).toEqual({
      name: 'Product Name',
      sku: 'SKU',
      price: 'Unit price',
      currencyCode: 'Currency',
      cost: 'Cost',
      stock: 'Qty',
      category: 'Category',
      supplier: 'Vendor',
    });
  });

  it('reads amounts exactly and checks currency, decimals, stock and SKU', () => {
    expect(summary(rows)).toEqual([
      { line: 2, status: 'new', reasons: [] },
      { line: 3, status: 'duplicate', reasons: [] },
      { line: 4, status: 'new', reasons: [] },
      { line: 5, status: 'invalid', reasons: ['Price can have at most 2 decimal places'] },
      { line: 6, status: 'invalid', reasons: ['Currency XYZ does not exist'] },
      { line: 7, status: 'invalid', reasons: ['Same SKU as row 2 of this file'] },
      { line: 8, status: 'invalid', reasons: ['Stock must be a whole number'] },
      { line: 9, status: 'invalid', reasons: ['Product name is required'] },
    ]);
    expect(rows[0]!.values).toEqual({
      name: 'Crème brûlée mould',
      sku: 'KIT-001',
      price: 1234.5,
      currencyCode: 'EUR',
      cost: 800,
      stock: 12,
      category: 'Küche',
      supplier: 'Société Ustensiles',
      description: null,
    });
    // "€ 4,90" and a lower-case code; a blank currency is the default one, a blank price 0.
    expect(rows[1]!.values).toMatchObject({ price: 4.9, currencyCode: 'EUR', cost: 2.1 });
    expect(rows[2]!.values).toMatchObject({ price: 25, currencyCode: 'EUR', cost: null });
  });
});

describe('multiline quoted descriptions (QuickBooks-like items)', () => {
  const { csv, rows } = load('products', 'products-multiline-notes.csv');

  it('keeps newlines, commas and doubled quotes inside quoted fields', () => {
    expect(csv.rows).toHaveLength(3);
    expect(rows.map((r) => r.status)).toEqual(['new', 'new', 'new']);
    expect(rows[1]!.values).toMatchObject({
      name: 'Workshop (1 day)',
      sku: 'SRV-2',
      price: 1450,
      currencyCode: 'USD',
      description:
        'Includes:\n- materials\n- lunch for up to 12 people\nSay "hello" to the trainer!',
    });
    expect(rows[0]!.values.description).toBe(
      'Senior consultant, on site.\nTravel billed separately.',
    );
    expect(rows[2]!.values.price).toBe(99.9);
  });
});

describe('tab-separated contacts matched to customers', () => {
  const { csv, mapping, rows } = load('contacts', 'contacts-outlook-tab.csv');

  it('matches the customer by name or by e-mail', () => {
    expect(csv.delimiter).toBe('\t');
    expect(mapped('contacts', csv.headers, mapping)).toEqual({
      customer: 'Company',
      name: 'Full Name',
      email: 'E-mail Address',
      phoneNumber: 'Business Phone',
      role: 'Job Title',
    });
    expect(summary(rows)).toEqual([
      { line: 2, status: 'new', reasons: [] },
      { line: 3, status: 'duplicate', reasons: [] },
      { line: 4, status: 'invalid', reasons: ['Customer not found'] },
      {
        line: 5,
        status: 'invalid',
        reasons: ["Several customers are named “Twin Corp”: give the customer's email instead"],
      },
      { line: 6, status: 'invalid', reasons: ['Email is required'] },
    ]);
    expect(rows[0]!.values).toMatchObject({ customerId: CUSTOMER_ID, role: 'Geschäftsführerin' });
    expect(rows[1]!.values).toMatchObject({ customerId: ORESUND_ID });
  });
});

describe('numbers as spreadsheets write them', () => {
  it.each([
    ['1234.5', 1234.5],
    ['1 234,50', 1234.5],
    ['1.234,50', 1234.5],
    ['1,234.50', 1234.5],
    ['1,234,567', 1234567],
    ['1.234.567', 1234567],
    ['$ 0.10', 0.1],
    ['-3', -3],
    ['', null],
  ])('%s → %s', (text, expected) => expect(parseNumber(text)).toBe(expected));

  it('says NaN for text', () => expect(parseNumber('twelve')).toBeNaN());
});

describe('10,000 generated rows', () => {
  it('parses and prepares every row, quoted commas included', () => {
    const lines = ['Company,Email,Phone,Address'];
    for (let i = 0; i < 10_000; i++)
      lines.push(
        `"Company ${i}, Ltd",c${i}@bulk.example,+1 555 ${String(i).padStart(4, '0')},${i} Main St`,
      );
    const csv = readCsvBytes(new TextEncoder().encode(lines.join('\r\n')));
    const mapping = guessMapping('customers', csv.headers);
    const rows = prepareRows('customers', csv.rows, mapping, lookups);
    expect(rows).toHaveLength(10_000);
    expect(rows.every((r) => r.status === 'new')).toBe(true);
    expect(rows[9_999]!.values).toMatchObject({
      name: 'Company 9999, Ltd',
      email: 'c9999@bulk.example',
      phoneNumber: '+1 555 9999',
      address: '9999 Main St',
    });
  });
});
