import { describe, expect, it } from 'vitest';
import { htmlToText, joinAddressLine2, plainText, splitEmails, splitPhones } from '../composite';
import { toCsv } from '../../../lib/csv-export';
import { FLAG_MESSAGES, plural, previewFlags } from '../flags';
import { planImport } from '../import-plan';
import { CUSTOMER_COLUMNS, PRODUCT_COLUMNS, type CustomerExportRow } from '../data/list-columns';
import { guessMapping, type ColumnMapping } from '../mapping';
import { prepareRows } from '../prepare';
import { detectSystem, looksLike } from '../profiles';
import { readCsvBytes } from '../read-file';
import { EMPTY_STORE } from './empty-store';
import type { ProductRow } from '../../../db/types';

const lookups = EMPTY_STORE;

const named = (headers: string[], mapping: ColumnMapping) =>
  Object.fromEntries(Object.entries(mapping).map(([k, v]) => [k, headers[v as number]]));

describe('unknown files: columns scored by header and by the values they hold', () => {
  it('an empty "Sale price" never wins over a filled "Regular price"; "In stock?" and "Type" are not stock and category', () => {
    const headers = [
      'Type',
      'Name',
      'Sale price',
      'Regular price',
      'In stock?',
      'Stock',
      'Categories',
    ];
    const rows = [
      ['simple', 'Beanie', '', '18.00', '1', '30', 'Hats'],
      ['simple', 'Scarf', '', '25.00', '1', '4', 'Scarves'],
    ];
    expect(named(headers, guessMapping('products', headers, rows))).toEqual({
      name: 'Name',
      price: 'Regular price',
      stock: 'Stock',
      category: 'Categories',
    });
  });

  it('a filled sale-price column is taken when it is the only price', () => {
    const headers = ['Product', 'Sale price'];
    expect(named(headers, guessMapping('products', headers, [['Mug', '9.90']]))).toEqual({
      name: 'Product',
      price: 'Sale price',
    });
  });

  it('a column of text is not a price; a column of e-mails is the e-mail', () => {
    const headers = ['Company', 'Price list', 'Contact owner', 'Mail', 'E-mail'];
    const rows = [['Acme', 'Retail', 'Pat Seller', 'yes', 'info@acme.example']];
    expect(named(headers, guessMapping('customers', headers, rows))).toEqual({
      name: 'Company',
      email: 'E-mail',
    });
    expect(
      named(['Name', 'Price'], guessMapping('products', ['Name', 'Price'], [['A', 'ask us']])),
    ).toEqual({
      name: 'Name',
    });
  });

  it('says nothing of a known system for an unknown file', () => {
    expect(detectSystem(['Company', 'Email'])).toBeNull();
  });

  it('names the system as the wizard says it', () => {
    expect(
      looksLike(detectSystem(['Handle', 'Title', 'Body (HTML)', 'Variant SKU', 'Variant Price'])!),
    ).toBe('Looks like a Shopify export');
    expect(
      looksLike(
        detectSystem([
          'First Name',
          'Last Name',
          'E-mail Address',
          'Business Street',
          'Business City',
        ])!,
      ),
    ).toBe('Looks like an Outlook export');
  });
});

describe('composite values', () => {
  it('splits e-mail lists and keeps a single address as it is', () => {
    expect(splitEmails('a@x.example; b@y.example')).toEqual(['a@x.example', 'b@y.example']);
    expect(splitEmails('a@x.example ::: b@y.example')).toEqual(['a@x.example', 'b@y.example']);
    expect(splitEmails('a@x.example, b@y.example')).toEqual(['a@x.example', 'b@y.example']);
    expect(splitEmails('a@x.example')).toEqual(['a@x.example']);
    expect(splitEmails('not an email')).toEqual(['not an email']);
  });

  it('splits phone lists and drops their labels', () => {
    expect(splitPhones('Phone: (415) 444-6538 Mobile: (415) 555-0199')).toEqual([
      '(415) 444-6538',
      '(415) 555-0199',
    ]);
    expect(splitPhones('+1 555 0100 / +1 555 0199')).toEqual(['+1 555 0100', '+1 555 0199']);
    expect(splitPhones('+49 30 1234567')).toEqual(['+49 30 1234567']);
  });

  it('turns HTML into text and backslash-n escapes into line breaks', () => {
    expect(htmlToText('<p>One &amp; two</p><p>Three<br>four</p>')).toBe('One & two\nThree\nfour');
    expect(plainText('Line one\\nLine two')).toBe('Line one\nLine two');
    expect(plainText('Plain, with <3 hearts')).toBe('Plain, with <3 hearts');
  });

  it('joins the parts of an address after its second line', () => {
    expect(
      joinAddressLine2({ line2: 'Suite 4', postcode: '10115', city: 'Berlin', country: 'Germany' }),
    ).toBe('Suite 4, 10115 Berlin, Germany');
    expect(joinAddressLine2({})).toBe('');
  });
});

describe('nothing wrong in silence', () => {
  it('flags an empty mapped column, a price column of zeros, unreadable values with row and cell', () => {
    const headers = ['Name', 'Price', 'Stock', 'Barcode'];
    const rows = [
      ['A', '0', 'many', ''],
      ['B', '', '3', ''],
    ];
    const mapping: ColumnMapping = { name: 0, price: 1, stock: 2, sku: 3 };
    const prepared = prepareRows('products', rows, mapping, lookups, { headers });
    expect(prepared[0]!.reasons).toEqual(['Stock must be a number: “many” in “Stock”']);
    const flags = previewFlags('products', headers, rows, mapping, prepared, [], null);
    expect(flags.map((f) => [f.text, f.details])).toEqual([
      ['The column “Barcode” (SKU) is empty in every row.', undefined],
      ['Every price is 0 or blank in “Price”: check which column holds the prices.', undefined],
      ['1 value could not be read:', ['Row 2: Stock must be a number: “many” in “Stock”']],
    ]);
  });

  it('counts with correct plurals', () => {
    expect(FLAG_MESSAGES.skipped(1)).toBe('1 row skipped:');
    expect(FLAG_MESSAGES.skipped(2)).toBe('2 rows skipped:');
    expect(plural(1, 'variant')).toBe('1 variant');
    expect(FLAG_MESSAGES.variants(3, 1)).toBe(
      '3 variants of 1 product, each imported as a product of its own.',
    );
  });
});

describe('our own export imports again with every field equal', () => {
  const stamp = {
    createdAt: '2026-11-01T10:00:00.000Z',
    version: '7',
    updatedAt: '2026-11-02T10:00:00.000Z',
  };

  it('customers, with their main contact and payment terms', () => {
    const customers: CustomerExportRow[] = [
      {
        id: 'c1',
        name: 'Café "Zum Löwen" KG',
        email: 'hallo@zumloewen.example',
        phoneNumber: '=1+2',
        address: 'Marktplatz 3; Hinterhaus\nEingang B',
        address2: '80331 München',
        paymentTerms: 'net_14',
        mainContact: {
          name: 'Lea Löwe',
          email: 'lea@zumloewen.example',
          phoneNumber: '+49 89 555 0101',
        },
        ...stamp,
      },
      {
        id: 'c2',
        name: 'Dupont & Fils, SARL',
        email: 'contact@dupont.example',
        phoneNumber: null,
        address: null,
        address2: null,
        paymentTerms: null,
        mainContact: null,
        ...stamp,
      },
    ];
    const csv = readCsvBytes(new TextEncoder().encode(toCsv(CUSTOMER_COLUMNS, customers)));
    const plan = planImport('customers', csv);
    const rows = prepareRows('customers', plan.rows, plan.mapping, lookups, { lines: plan.lines });
    expect(rows.map((r) => [r.status, r.reasons, r.notes])).toEqual([
      ['new', [], []],
      ['new', [], []],
    ]);
    expect(rows.map((r) => r.values)).toEqual(
      customers.map((c) => ({
        name: c.name,
        email: c.email,
        phoneNumber: c.phoneNumber,
        address: c.address,
        address2: c.address2,
        paymentTerms: c.paymentTerms,
        mainContactName: c.mainContact?.name ?? null,
        mainContactEmail: c.mainContact?.email ?? null,
        mainContactPhoneNumber: c.mainContact?.phoneNumber ?? null,
      })),
    );
  });

  it('products, every field', () => {
    const products: ProductRow[] = [
      {
        id: 'p1',
        name: 'Crème brûlée mould',
        sku: 'KIT-001',
        price: 1234.5,
        currencyCode: 'USD',
        cost: 800,
        stock: 0,
        category: 'Küche, Backen',
        supplier: '@Société Ustensiles',
        description: 'Line one\nLine "two", with <b>bold</b> text',
        ...stamp,
      },
      {
        id: 'p2',
        name: 'Consulting hour',
        sku: null,
        price: 0.1,
        currencyCode: 'EUR',
        cost: null,
        stock: null,
        category: null,
        supplier: null,
        description: null,
        ...stamp,
      },
    ];
    const csv = readCsvBytes(new TextEncoder().encode(toCsv(PRODUCT_COLUMNS, products)));
    const plan = planImport('products', csv);
    const rows = prepareRows('products', plan.rows, plan.mapping, lookups, { lines: plan.lines });
    expect(rows.map((r) => [r.status, r.reasons])).toEqual([
      ['new', []],
      ['new', []],
    ]);
    expect(rows.map((r) => r.values)).toEqual(
      products.map(({ id: _id, createdAt: _c, version: _v, updatedAt: _u, ...fields }) => fields),
    );
  });
});
