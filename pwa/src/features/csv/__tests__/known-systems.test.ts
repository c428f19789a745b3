import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { previewFlags } from '../flags';
import type { ImportKind } from '../fields';
import { planImport } from '../import-plan';
import { prepareRows, type ImportLookups } from '../prepare';
import { readCsvBytes } from '../read-file';
import { EMPTY_STORE } from './empty-store';

const FIXTURES = path.resolve(__dirname, '../../../../../tests/fixtures/csv');

const lookups = EMPTY_STORE;

/** A fixture read and prepared exactly as the wizard does, with the default mapping. */
function importFixture(kind: ImportKind, name: string) {
  const csv = readCsvBytes(new Uint8Array(readFileSync(path.join(FIXTURES, name))));
  const plan = planImport(kind, csv);
  const rows = prepareRows(kind, plan.rows, plan.mapping, lookups, {
    lines: plan.lines,
    headers: plan.headers,
  });
  const flags = previewFlags(
    kind,
    plan.headers,
    plan.rows,
    plan.mapping,
    rows,
    plan.skipped,
    plan.variants,
  );
  return { csv, plan, rows, flags };
}

const customer = (values: Record<string, string | null>) => ({
  name: null,
  email: null,
  phoneNumber: null,
  address: null,
  address2: null,
  paymentTerms: null,
  mainContactName: null,
  mainContactEmail: null,
  mainContactPhoneNumber: null,
  ...values,
});

interface Case {
  file: string;
  system: string;
  headerRow?: number;
  rows: { line: number; status: string; reasons?: string[]; notes?: string[]; values: object }[];
}

const CUSTOMER_CASES: Case[] = [
  {
    file: 'xero-contacts.csv',
    system: 'Xero',
    rows: [
      {
        line: 2,
        status: 'new',
        values: customer({
          name: 'Harbourside Rowing Club',
          email: 'secretary@harbourside.example',
          phoneNumber: '04 202 4455',
          address: 'PO Box 3354',
          address2: '6001 Ridge Heights, Wellington, New Zealand',
          mainContactName: 'Bo Partridge',
          mainContactEmail: 'secretary@harbourside.example',
        }),
      },
      {
        line: 3,
        status: 'new',
        values: customer({
          name: 'Hamilton Smith Ltd',
          email: 'accounts@hamiltonsmith.example',
          address: 'Level 4',
          address2: '22 Queen Street, Suite 2, 3000 Oaktown, New Zealand',
        }),
      },
      {
        line: 4,
        status: 'new',
        notes: ['Not imported, no field for them: accounts@citylimo.example'],
        values: customer({
          name: 'City Limousines',
          email: 'bookings@citylimo.example',
          phoneNumber: '09 555 0100',
          address: '8 Depot Road',
          address2: '1010 Auckland',
          mainContactName: 'Sam Fletcher',
          mainContactEmail: 'bookings@citylimo.example',
          mainContactPhoneNumber: '021 555 0192',
        }),
      },
      {
        line: 5,
        status: 'invalid',
        reasons: ['Company email is required'],
        notes: ['Imported without a main contact: no email for “Jo Banks”'],
        values: customer({
          name: 'Ridgeway Tutoring',
          email: '',
          address: '1 College Lane',
          address2: 'Hamilton',
        }),
      },
    ],
  },
  {
    file: 'quickbooks-online-customer-contact-list.csv',
    system: 'QuickBooks Online',
    headerRow: 5,
    rows: [
      {
        line: 6,
        status: 'new',
        values: customer({
          name: "Amber's Bird Sanctuary",
          email: 'birds@ambers.example',
          phoneNumber: '(650) 555-3311',
          address: '4581 Finch St., Bayshore, CA  94326',
          mainContactName: 'Amber Lauter',
          mainContactEmail: 'birds@ambers.example',
        }),
      },
      {
        line: 7,
        status: 'new',
        values: customer({
          name: "Bill's Windsurf Shop",
          email: 'surf@billswindsurf.example',
          phoneNumber: '(415) 444-6538',
          address: '12 Ocean Dr., Half Moon Bay, CA  94213',
          mainContactName: 'Bill Lucchese',
          mainContactEmail: 'surf@billswindsurf.example',
          mainContactPhoneNumber: '(415) 555-0199',
        }),
      },
      {
        line: 8,
        status: 'new',
        notes: ['Not imported, no field for them: service@coolcars.example'],
        values: customer({
          name: 'Cool Cars',
          email: 'hello@coolcars.example',
          phoneNumber: '(415) 555-9933',
          address: '65 Ocean Dr., Half Moon Bay, CA  94213',
          mainContactName: 'Grace Parente',
          mainContactEmail: 'hello@coolcars.example',
        }),
      },
      {
        line: 9,
        status: 'invalid',
        reasons: ['Company email is required'],
        notes: ['Imported without a main contact: no email for “Dylan Rodrigues”'],
        values: customer({
          name: 'Dylan Rodrigues',
          email: '',
          phoneNumber: '(650) 555-4477',
          address: '321 Channing, Palo Alto, CA  94303',
        }),
      },
    ],
  },
  {
    file: 'quickbooks-desktop-customers.csv',
    system: 'QuickBooks Desktop',
    rows: [
      {
        line: 2,
        status: 'new',
        values: customer({
          name: 'Abernathy Kirsten',
          email: 'kirsten@abernathy.example',
          phoneNumber: '415-555-6579',
          address: 'Kirsten Abernathy',
          address2: '5647 Cypress Hill Rd, Bayshore, CA 94326',
          paymentTerms: 'net_30',
          mainContactName: 'Kirsten Abernathy',
          mainContactEmail: 'kirsten@abernathy.example',
          mainContactPhoneNumber: '415-555-6580',
        }),
      },
      {
        line: 3,
        status: 'new',
        notes: ['Payment terms “1% 10 Net 30” are not ours: the default terms apply'],
        values: customer({
          name: 'Lakeside Dental',
          email: 'frontdesk@lakesidedental.example',
          phoneNumber: '650-555-0123',
          address: 'Lakeside Dental Group',
          address2: '200 Shore Blvd, Suite 5, Middlefield, CA 94482',
          mainContactName: 'Dr. Omar Haddad',
          mainContactEmail: 'frontdesk@lakesidedental.example',
        }),
      },
    ],
  },
  {
    file: 'hubspot-contacts.csv',
    system: 'HubSpot',
    rows: [
      {
        line: 2,
        status: 'new',
        values: customer({
          name: 'BrightPath Media',
          email: 'maria@brightpath.example',
          phoneNumber: '+1 617 555 0101',
          address: '25 First Street',
          address2: '02141 Cambridge, MA, United States',
          mainContactName: 'Maria Johnson',
          mainContactEmail: 'maria@brightpath.example',
          mainContactPhoneNumber: '+1 617 555 0199',
        }),
      },
      {
        line: 3,
        status: 'new',
        notes: ['Company name taken from the contact’s name'],
        values: customer({
          name: 'Brian Halligan',
          email: 'brian@solo.example',
          mainContactName: 'Brian Halligan',
          mainContactEmail: 'brian@solo.example',
        }),
      },
      {
        line: 4,
        status: 'invalid',
        reasons: [
          'Company email is not a valid email address',
          'Main contact email is not a valid email address',
        ],
        values: customer({
          name: 'Vogel Bau GmbH',
          email: 'not-an-email',
          address2: 'Köln, Germany',
          mainContactName: 'Lena Vogel',
          mainContactEmail: 'not-an-email',
        }),
      },
    ],
  },
  ...(['zoho-invoice-customers.csv', 'zoho-books-contacts.csv'] as const).map((file): Case => ({
    file,
    system: file.startsWith('zoho-books') ? 'Zoho Books' : 'Zoho Invoice',
    rows: [
      {
        line: 2,
        status: 'new',
        notes: ['Payment terms “Net 15” are not ours: the default terms apply'],
        values: customer({
          name: 'Zylker Stores',
          email: 'arun@zylker.example',
          phoneNumber: '+91 44 5555 0100',
          address: '12 Mount Road',
          address2: 'Floor 3, 600002 Chennai, Tamil Nadu, India',
          mainContactName: 'Arun Kumar',
          mainContactEmail: 'arun@zylker.example',
          mainContactPhoneNumber: '+91 98400 00001',
        }),
      },
      {
        line: 3,
        status: 'new',
        values: customer({
          name: 'Fenwick & Co',
          email: 'office@fenwick.example',
          phoneNumber: '020 7946 0000',
          address: '4 Bank Street',
          address2: 'E14 5AB London, United Kingdom',
          paymentTerms: 'net_30',
        }),
      },
    ],
  })),
  {
    file: 'zoho-crm-contacts.csv',
    system: 'Zoho CRM',
    rows: [
      {
        line: 2,
        status: 'new',
        values: customer({
          name: 'King (Sample)',
          email: 'krismarrier@king.example',
          phoneNumber: '555-555-5555',
          address: '228 Runamuck Pl #2808',
          address2: '21224 Baltimore, MD, United States',
          mainContactName: 'Kris Marrier',
          mainContactEmail: 'krismarrier@king.example',
          mainContactPhoneNumber: '555-555-5556',
        }),
      },
      {
        line: 3,
        status: 'invalid',
        reasons: ['Company email is required'],
        notes: ['Imported without a main contact: no email for “Capla Paprocki”'],
        values: customer({ name: 'Feltz Printing Service', email: '', address2: 'Anchorage' }),
      },
    ],
  },
  {
    file: 'invoice-ninja-clients.csv',
    system: 'Invoice Ninja',
    rows: [
      {
        line: 2,
        status: 'new',
        values: customer({
          name: 'Acme Plumbing',
          email: 'aoife@acmeplumbing.example',
          phoneNumber: '+353 1 555 0101',
          address: '3 Dock Road',
          address2: 'Unit 7, D02 X285 Dublin, Ireland',
          mainContactName: 'Aoife Byrne',
          mainContactEmail: 'aoife@acmeplumbing.example',
          mainContactPhoneNumber: '+353 87 555 0102',
        }),
      },
      {
        line: 3,
        status: 'invalid',
        reasons: ['Company email is required'],
        notes: ['Imported without a main contact: no email for “Liam”'],
        values: customer({ name: 'Gable Roofing', email: '', address2: 'Cork, Ireland' }),
      },
    ],
  },
  {
    file: 'stripe-customers.csv',
    system: 'Stripe',
    rows: [
      {
        line: 2,
        status: 'new',
        values: customer({
          name: 'Lumen Analytics',
          email: 'billing@lumen.example',
          phoneNumber: '+14155550123',
          address: '500 Howard St',
          address2: 'Floor 2, 94105 San Francisco, CA, US',
        }),
      },
      {
        line: 3,
        status: 'new',
        values: customer({ name: 'Jane Doe', email: 'jane@doe.example', address2: 'GB' }),
      },
    ],
  },
  {
    file: 'square-customers.csv',
    system: 'Square',
    rows: [
      {
        line: 2,
        status: 'new',
        values: customer({
          name: 'Patel Bakery',
          email: 'ravi@patelbakery.example',
          phoneNumber: '+1 312-555-0147',
          address: '77 W Lake St',
          address2: '60601 Chicago, IL',
          mainContactName: 'Ravi Patel',
          mainContactEmail: 'ravi@patelbakery.example',
        }),
      },
      {
        line: 3,
        status: 'new',
        notes: ['Company name taken from the contact’s name'],
        values: customer({
          name: 'Mei Tanaka',
          email: 'mei@tanaka.example',
          phoneNumber: '+1 312-555-0148',
          mainContactName: 'Mei Tanaka',
          mainContactEmail: 'mei@tanaka.example',
        }),
      },
    ],
  },
  {
    file: 'outlook-contacts.csv',
    system: 'Outlook',
    rows: [
      {
        line: 2,
        status: 'new',
        values: customer({
          name: 'Bäckerei Schmidt GmbH',
          email: 'anna@baeckerei-schmidt.example',
          phoneNumber: '+49 30 1234568',
          address: 'Hauptstraße 5\r\nHinterhaus',
          address2: '10115 Berlin, Germany',
          mainContactName: 'Anna Schmidt',
          mainContactEmail: 'anna@baeckerei-schmidt.example',
          mainContactPhoneNumber: '+49 170 5550100',
        }),
      },
      {
        line: 3,
        status: 'new',
        values: customer({
          name: 'Nordic Øresund ApS',
          email: 'lars@oresund.example',
          phoneNumber: '+45 33 12 34 56',
          address: 'Strandvejen 1',
          address2: '2100 København, Denmark',
          mainContactName: 'Lars Jensen',
          mainContactEmail: 'lars@oresund.example',
        }),
      },
    ],
  },
  {
    file: 'google-contacts.csv',
    system: 'Google Contacts',
    rows: [
      {
        line: 2,
        status: 'new',
        notes: ['Not imported, no field for them: studio@studiorossi.example'],
        values: customer({
          name: 'Studio Rossi',
          email: 'chiara@studiorossi.example',
          phoneNumber: '+39 02 5555 0101',
          address: 'Via Roma 10',
          address2: 'Scala B, 20121 Milano, MI, Italy',
          mainContactName: 'Chiara Rossi',
          mainContactEmail: 'chiara@studiorossi.example',
          // The second number of the cell ("a ::: b") is the contact's second phone.
          mainContactPhoneNumber: '+39 02 5555 0102',
        }),
      },
      {
        line: 3,
        status: 'new',
        notes: ['Company name taken from the contact’s name'],
        values: customer({
          name: 'Tom Baker',
          email: 'tom.baker@mail.example',
          phoneNumber: '+44 7700 900123',
          mainContactName: 'Tom Baker',
          mainContactEmail: 'tom.baker@mail.example',
        }),
      },
    ],
  },
];

describe('customer exports of known systems, imported with the default mapping', () => {
  it.each(CUSTOMER_CASES.map((c) => [c.file, c] as const))('%s', (_, expected) => {
    const { plan, rows } = importFixture('customers', expected.file);
    expect(plan.system?.name).toBe(expected.system);
    expect(plan.headerRow).toBe(expected.headerRow ?? 1);
    expect(
      rows.map((r) => ({
        line: r.line,
        status: r.status,
        reasons: r.reasons,
        notes: r.notes,
        values: r.values,
      })),
    ).toEqual(expected.rows.map((r) => ({ reasons: [], notes: [], ...r })));
  });
});

const product = (values: Record<string, string | number | null>) => ({
  sku: null,
  currencyCode: 'EUR',
  cost: null,
  stock: null,
  category: null,
  supplier: null,
  description: null,
  ...values,
});

const HOODIE = 'Warm organic cotton hoodie & a roomy pocket.\n\n• Machine washable\n• Unisex fit';

describe('shop exports: every variant a product of its own', () => {
  it('Shopify: "Title — Option values", own SKU, price and stock; HTML as text; the image row skipped', () => {
    const { plan, rows, flags } = importFixture('products', 'shopify-products.csv');
    expect(plan.system?.name).toBe('Shopify');
    expect(rows.map((r) => [r.line, r.status, r.reasons])).toEqual(
      [2, 3, 4, 6, 7, 8].map((line) => [line, 'new', []]),
    );
    const hoodie = { category: 'Hoodies', supplier: 'Northwind Apparel', description: HOODIE };
    const poster = {
      category: 'Posters',
      supplier: 'Northwind Prints',
      description: 'Printed on 200 g paper.',
    };
    expect(rows.map((r) => r.values)).toEqual([
      product({
        name: 'Classic Hoodie — S',
        sku: 'HOOD-S',
        price: 45,
        cost: 18,
        stock: 10,
        ...hoodie,
      }),
      product({
        name: 'Classic Hoodie — M',
        sku: 'HOOD-M',
        price: 45,
        cost: 18,
        stock: 5,
        ...hoodie,
      }),
      product({
        name: 'Classic Hoodie — L',
        sku: 'HOOD-L',
        price: 47.5,
        cost: 19,
        stock: 0,
        ...hoodie,
      }),
      product({
        name: 'Enamel Mug',
        sku: 'MUG-1',
        price: 12.5,
        stock: 40,
        category: 'Mugs',
        supplier: 'Northwind Home',
        description: 'Camp mug, 350 ml.',
      }),
      product({
        name: 'City Poster — A3 / Matte',
        sku: 'POST-A3-M',
        price: 19.9,
        cost: 4,
        stock: 7,
        ...poster,
      }),
      product({
        name: 'City Poster — A2 / Gloss',
        sku: 'POST-A2-G',
        price: 29.9,
        cost: 6,
        stock: 2,
        ...poster,
      }),
    ]);
    expect(plan.variants).toEqual({ count: 5, products: 2 });
    expect(flags.map((f) => [f.text, f.details])).toEqual([
      ['5 variants of 2 products, each imported as a product of its own.', undefined],
      ['1 row skipped:', ['Row 5: Image row of “Classic Hoodie”, no variant of its own']],
    ]);
  });

  it('WooCommerce: variations named after their parent, the variable parents not imported at 0', () => {
    const { plan, rows, flags } = importFixture('products', 'woocommerce-products.csv');
    expect(plan.system?.name).toBe('WooCommerce');
    expect(rows.map((r) => [r.line, r.status, r.reasons])).toEqual([
      [2, 'new', []],
      [4, 'new', []],
      [5, 'new', []],
    ]);
    const tshirt = { category: 'Clothing > Tshirts', description: '100% cotton, pre-shrunk.' };
    expect(rows.map((r) => r.values)).toEqual([
      product({
        name: 'Beanie',
        sku: 'woo-beanie',
        // "Regular price": the empty "Sale price" column is not the price.
        price: 18,
        stock: 30,
        category: 'Clothing > Accessories',
        description: 'Knitted from merino wool.\nOne size fits most.',
      }),
      product({
        name: 'T-Shirt — Blue / S',
        sku: 'woo-tshirt-blue-s',
        price: 20,
        stock: 12,
        ...tshirt,
      }),
      product({
        name: 'T-Shirt — Red / M',
        sku: 'woo-tshirt-red-m',
        price: 22,
        stock: 3,
        ...tshirt,
      }),
    ]);
    expect(flags.map((f) => [f.text, f.details])).toEqual([
      ['2 variants of 1 product, each imported as a product of its own.', undefined],
      [
        '2 rows skipped:',
        [
          'Row 3: “T-Shirt” is the parent of 2 variants, imported one by one',
          'Row 6: “Cap” is a variable product with no variants in this file and no price of its own',
        ],
      ],
    ]);
  });

  it('Square items: a row per variation, "Regular" alone keeps the item name', () => {
    const { plan, rows } = importFixture('products', 'square-items.csv');
    expect(plan.system?.name).toBe('Square');
    expect(rows.map((r) => r.status)).toEqual(['new', 'new', 'new']);
    const latte = { category: 'Coffee', description: 'Espresso with steamed milk.' };
    expect(rows.map((r) => r.values)).toEqual([
      product({ name: 'Latte — Small', sku: 'LAT-S', price: 3.5, cost: 0.9, ...latte }),
      product({ name: 'Latte — Large', sku: 'LAT-L', price: 4.5, cost: 1.2, ...latte }),
      product({
        name: 'Croissant',
        sku: 'CRO-1',
        price: 2.8,
        cost: 0.7,
        stock: 24,
        category: 'Bakery',
        supplier: 'Le Fournil',
        description: 'Butter croissant.',
      }),
    ]);
  });
});

describe('contact exports as contacts of existing customers', () => {
  it('HubSpot: first and last name make the name, not the "Contact owner"', () => {
    const { plan } = importFixture('contacts', 'hubspot-contacts.csv');
    expect(plan.system?.name).toBe('HubSpot');
    const csv = readCsvBytes(
      new Uint8Array(readFileSync(path.join(FIXTURES, 'hubspot-contacts.csv'))),
    );
    const withCustomer: ImportLookups = {
      ...lookups,
      customersByName: new Map([['brightpath media', ['00000000-0000-4000-8000-000000000001']]]),
    };
    const rows = prepareRows('contacts', plan.rows, plan.mapping, withCustomer, {
      lines: plan.lines,
    });
    expect(csv.headers).toContain('Contact owner');
    expect(rows[0]!.values).toEqual({
      customer: 'BrightPath Media',
      customerId: '00000000-0000-4000-8000-000000000001',
      name: 'Maria Johnson',
      email: 'maria@brightpath.example',
      phoneNumber: '+1 617 555 0101',
      role: 'COO',
    });
  });
});

describe('Outlook and Google exports as contacts', () => {
  const SCHMIDT = '00000000-0000-4000-8000-000000000011';
  const ROSSI = '00000000-0000-4000-8000-000000000012';
  const withCustomers: ImportLookups = {
    ...lookups,
    customersByName: new Map([
      ['bäckerei schmidt gmbh', [SCHMIDT]],
      ['studio rossi', [ROSSI]],
    ]),
  };
  const contactsOf = (file: string) => {
    const { plan } = importFixture('contacts', file);
    return prepareRows('contacts', plan.rows, plan.mapping, withCustomers, { lines: plan.lines });
  };

  it('Outlook: Company, First + Last Name, E-mail Address, Business Phone, Job Title', () => {
    const rows = contactsOf('outlook-contacts.csv');
    expect(rows.map((r) => [r.line, r.status, r.reasons])).toEqual([
      [2, 'new', []],
      [3, 'invalid', ['Customer not found']],
    ]);
    expect(rows[0]!.values).toEqual({
      customer: 'Bäckerei Schmidt GmbH',
      customerId: SCHMIDT,
      name: 'Anna Schmidt',
      email: 'anna@baeckerei-schmidt.example',
      phoneNumber: '+49 30 1234568',
      role: 'Geschäftsführerin',
    });
  });

  it('Google: Organization Name and Title, the first of several e-mails and phones', () => {
    const rows = contactsOf('google-contacts.csv');
    expect(rows[0]!.status).toBe('new');
    expect(rows[0]!.values).toEqual({
      customer: 'Studio Rossi',
      customerId: ROSSI,
      name: 'Chiara Rossi',
      email: 'chiara@studiorossi.example',
      phoneNumber: '+39 02 5555 0101',
      role: 'Architetta',
    });
    expect(rows[0]!.notes).toEqual([
      'Not imported, no field for them: studio@studiorossi.example',
      'Not imported, no field for them: +39 02 5555 0102',
    ]);
    // No organisation: the customer is required.
    expect(rows[1]!.reasons).toEqual(['Customer is required']);
  });
});

describe('report exports: title rows and footer', () => {
  it('finds the QuickBooks header below its title rows, and the header row can be chosen', () => {
    const { csv, plan, flags } = importFixture(
      'customers',
      'quickbooks-online-customer-contact-list.csv',
    );
    expect(csv.table.slice(0, 3).map((r) => r[0])).toEqual([
      'Northwind Consulting LLC',
      'Customer Contact List',
      'All Dates',
    ]);
    expect(plan.headerRow).toBe(5);
    expect(plan.headers).toEqual([
      'Customer',
      'Phone Numbers',
      'Email',
      'Full Name',
      'Billing Address',
      'Shipping Address',
    ]);
    expect(flags.find((f) => f.text === '1 row skipped:')?.details).toEqual([
      'Row 11: Totals or footer row below the data (“Thursday, Nov 26, 2026 03:41:07 AM GMT-08:00”)',
    ]);
    // Told the header is on row 1, the title is the header: nothing is recognised.
    const wrong = planImport('customers', csv, 1);
    expect(wrong.system).toBeNull();
    expect(wrong.headers[0]).toBe('Northwind Consulting LLC');
    expect(planImport('customers', csv, 5).system?.name).toBe('QuickBooks Online');
  });

  it('keeps the first row as the header when its words are unknown, even with a blank header cell', () => {
    const text = 'Kundennr,,Bemerkung\r\nK-1,x,y\r\nK-2,x,y\r\n';
    const { headerRow, headers, rows } = readCsvBytes(new TextEncoder().encode(text));
    expect([headerRow, headers, rows.length]).toEqual([1, ['Kundennr', '', 'Bemerkung'], 2]);
  });

  it('skips a TOTAL row at the end of a report', () => {
    const text = 'Report\r\n\r\nProduct,SKU,Price\r\nA,A-1,10\r\nB,B-1,20\r\nTOTAL,,30\r\n';
    const { headerRow, rows, footer } = readCsvBytes(new TextEncoder().encode(text));
    expect(headerRow).toBe(3);
    expect(rows).toEqual([
      ['A', 'A-1', '10'],
      ['B', 'B-1', '20'],
    ]);
    expect(footer).toEqual([{ line: 6, text: 'TOTAL' }]);
  });
});
