import type { MutationName, SyncEntity, UpdateArgs } from '@smb/shared-types/sync';

/**
 * Mutation scripts: what a device sends, step by step, covering every mutation name — creates,
 * updates, deletes, document transitions, and the refusals a real server gives (a quote no longer
 * a draft, a second conversion, a customer held by an invoice, a currency in use…). The same
 * scripts are replayed against `FakeSyncServer` and against the real server
 * (tests/integration/mutation-parity.test.ts), which must end with the same rows and answer each
 * step alike, so the fake the engine tests run against cannot drift from the server.
 */

/** Every row a pull returned, per entity. */
export type RowsByEntity = Record<SyncEntity, Record<string, unknown>[]>;

export interface ScriptStep {
  name: MutationName;
  /** Literal args, or args read from the rows this side holds (ids only a server makes). */
  args: Record<string, unknown> | ((rows: RowsByEntity) => Record<string, unknown>);
}

export interface MutationScript {
  title: string;
  steps: ScriptStep[];
}

/** Fixed ids, so both sides hold the same rows: `id(1)` = 00000000-0000-4000-8000-000000000001. */
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const C1 = id(1);
const C2 = id(2);
const K1 = id(11);
const K2 = id(12);
const P1 = id(21);
const P2 = id(22);
const EUR = id(31);
const GBP = id(32);
const Q1 = id(41);
const Q2 = id(42);
const O1 = id(51);
const O2 = id(52);
const O3 = id(53);
const I1 = id(61);
const I2 = id(62);
const I3 = id(63);
const PAY1 = id(71);
const PAY2 = id(72);
const PAY3 = id(73);
const L = (n: number) => id(100 + n);
const TR1 = id(81);
const TR2 = id(82);
const TR3 = id(83);

const payment = (
  rowId: string,
  amount: number | ((rows: RowsByEntity) => number),
  invoiceId = I1,
): ScriptStep['args'] => {
  const args = (value: number) => ({
    id: rowId,
    invoiceId,
    amount: value,
    paidOn: '2026-11-20',
    method: 'bank_transfer',
    reference: ' TRX-42 ',
    note: null,
  });
  return typeof amount === 'number' ? args(amount) : (rows) => args(amount(rows));
};

/** What is left to pay on an invoice, read from this side's rows. */
const balanceOf =
  (invoiceId: string) =>
  (rows: RowsByEntity): number => {
    const invoice = rows.invoices.find((r) => r.id === invoiceId)!;
    return Math.round((Number(invoice.total) - Number(invoice.amountPaid ?? 0)) * 100) / 100;
  };

const CN1 = id(91);
const CN2 = id(92);
const CN3 = id(93);

/** `creditNote.create` of one invoice line (by position) and a quantity. */
const creditLines =
  (rowId: string, line: number, quantity: number) =>
  (rows: RowsByEntity): Record<string, unknown> => {
    const invoice = rows.invoices.find((r) => r.id === I1)!;
    const items = invoice.items as { id: string }[];
    return {
      id: rowId,
      invoiceId: I1,
      kind: 'lines',
      reason: 'Returned',
      lines: [{ invoiceItemId: items[line]!.id, quantity }],
    };
  };

const step = (name: MutationName, args: ScriptStep['args']): ScriptStep => ({ name, args });

function update(
  name: MutationName,
  rowId: string,
  changes: Record<string, unknown>,
  base: Record<string, unknown>,
): ScriptStep {
  const args: UpdateArgs = { id: rowId, baseVersion: null, changes, base };
  return step(name, args as unknown as Record<string, unknown>);
}

const customer = (rowId: string, name: string, contactId?: string) => ({
  id: rowId,
  name,
  email: `info@${name.toLowerCase().replace(/\W+/g, '')}.test`,
  phoneNumber: '555-0100',
  address: '1 Main St',
  address2: null,
  ...(contactId
    ? {
        mainContact: {
          id: contactId,
          name: 'Hank Scorpio',
          email: 'hank@globex.test',
          phoneNumber: '555-0101',
        },
      }
    : {}),
});

const product = (rowId: string, name: string, price: number, currencyCode = 'USD') => ({
  id: rowId,
  name,
  sku: `SKU-${name}`,
  price,
  currencyCode,
  cost: 4,
  stock: 10,
  category: 'Parts',
  supplier: 'Acme Supply',
  description: 'A part',
});

const currency = (rowId: string, code: string, isDefault: boolean) => ({
  id: rowId,
  code,
  name: code === 'EUR' ? 'Euro' : 'Pound sterling',
  symbol: code === 'EUR' ? '€' : '£',
  taxRate: 20,
  dollarExchangeRate: 1.1,
  isDefault,
});

const document = (
  rowId: string,
  items: Record<string, unknown>[],
  notes = '<p>Thanks for asking</p>',
) => ({
  id: rowId,
  customerId: C1,
  contactId: K1,
  currencyCode: 'USD',
  notes,
  items,
});

const RP1 = id(95);
const RP2 = id(96);

/** A monthly recurring profile of one Widget for Globex, starting 2027-01-31. */
const recurring = (rowId: string, over: Record<string, unknown> = {}) => ({
  id: rowId,
  customerId: C1,
  contactId: K1,
  currencyCode: 'USD',
  items: [{ id: L(8), productId: P1, quantity: 2 }],
  startDate: '2027-01-31',
  frequency: { unit: 'month', every: 1 },
  ...over,
});

/** An e-mail of a document (issue 34.4), with the send's own id. */
const mailTo = (documentId: string, mailId: string, to: string) => ({
  id: documentId,
  mailId,
  to,
  subject: 'Invoice from Parity Traders',
  text: 'Hello,\n\nPlease find it attached.',
});

const taxRate = (rowId: string, name: string, rate: number, category: string) => ({
  id: rowId,
  name,
  rate,
  category,
  exemptionReason: null,
});

/** Issue 33: two rates, a free line, discounts, a charge and an allowance, gross prices. */
const taxedLines = [
  { id: L(11), productId: P1, quantity: 3, discount: { kind: 'percent', value: 10 } },
  {
    id: L(12),
    productId: null,
    description: 'Installation',
    unitPrice: 80.5,
    quantity: 2,
    taxRateId: TR2,
    unitCode: 'HUR',
  },
  { id: L(13), productId: P1, quantity: 1, unitPrice: 99.99, taxRateId: null },
];
const taxedAdjustments = [
  { kind: 'charge', reason: 'Shipping', amount: 5.95, taxRateId: TR1 },
  { kind: 'allowance', reason: 'Early payment', amount: 10, taxRateId: TR2 },
];

export const MUTATION_SCRIPTS: MutationScript[] = [
  {
    title: 'tax rates, taxed lines, discounts and charges carried from quote to invoice',
    steps: [
      step('customer.create', customer(C1, 'Globex', K1)),
      step('taxRate.create', taxRate(TR1, ' VAT 19 % ', 19, 'S')),
      step('taxRate.create', taxRate(TR2, 'Reduced 7 %', 7, 'S')),
      step('taxRate.create', taxRate(TR3, 'Reverse charge', 0, 'AE')),
      step('taxRate.create', taxRate(id(84), 'Broken', 0, 'S')), // a standard rate of 0: 400
      step('product.create', { ...product(P1, 'Widget', 10), taxRateId: TR1, unitCode: 'DAY' }),
      step('quote.create', { ...document(Q1, taxedLines), adjustments: taxedAdjustments }),
      update(
        'quote.update',
        Q1,
        {
          pricesIncludeTax: true,
          items: [
            { ...taxedLines[0], discount: { kind: 'amount', value: 2.5 } },
            taxedLines[1],
            { ...taxedLines[2], taxRateId: TR3 },
          ],
        },
        { pricesIncludeTax: false, items: taxedLines },
      ),
      update('taxRate.update', TR1, { rate: 20, name: 'VAT 20 %' }, { rate: 19, name: 'VAT 19 %' }),
      // Only the notes: every line and charge keeps the rate it was written with.
      update(
        'quote.update',
        Q1,
        { notes: '<p>Rates kept</p>' },
        { notes: '<p>Thanks for asking</p>' },
      ),
      step(
        'quote.create',
        document(Q2, [{ id: L(14), productId: P1, quantity: 1, taxRateId: id(99) }]),
      ), // 400
      step('quote.setStatus', { id: Q1, status: 'Accepted' }),
      step('quote.convert', { id: Q1, orderId: O1 }),
      step('order.createInvoice', { id: O1, invoiceId: I1 }),
      step('taxRate.delete', { id: TR1 }),
      update('taxRate.update', TR2, { category: 'E' }, { category: 'S' }), // E with 7 %: 400
      step('taxRate.delete', { id: TR1 }), // gone: 404
    ],
  },
  {
    title: 'master data: customers, contacts, products, currencies and the company name',
    steps: [
      step('customer.create', customer(C1, 'Globex', K1)),
      update(
        'customer.update',
        C1,
        { phoneNumber: '555-0199', address: '2 Side St' },
        { phoneNumber: '555-0100', address: '1 Main St' },
      ),
      step('customer.create', { ...customer(C2, 'Initech'), documentLanguage: 'fr' }),
      step('customer.create', customer(C2, 'Initech again')), // the id exists: 409
      update('customer.update', C2, { documentLanguage: 'de' }, { documentLanguage: 'fr' }),
      update('customer.update', C1, { documentLanguage: 'xx' }, { documentLanguage: null }), // 400
      // Issue 35: the customer's e-invoice format; null: the company's default.
      update('customer.update', C1, { einvoiceFormat: 'peppol' }, { einvoiceFormat: null }),
      update('customer.update', C2, { einvoiceFormat: 'xrechnung' }, { einvoiceFormat: null }),
      update('customer.update', C2, { einvoiceFormat: 'pdf' }, { einvoiceFormat: 'xrechnung' }), // 400
      // The parties' identities: stored compact (IBAN, BIC, VAT ID), checked as they will be.
      update(
        'customer.update',
        C2,
        {
          postcode: ' 10115 ',
          city: 'Berlin',
          country: 'de',
          vatId: 'de 123 456 789',
          electronicAddressScheme: '9930',
          electronicAddressId: 'DE123456789',
          iban: 'de89 3704 0044 0532 0130 00',
          bic: 'cobadeffxxx',
          buyerReference: 'PO-77',
        },
        {
          postcode: null,
          city: null,
          country: null,
          vatId: null,
          electronicAddressScheme: null,
          electronicAddressId: null,
          iban: null,
          bic: null,
          buyerReference: null,
        },
      ),
      update('customer.update', C2, { country: 'FR' }, { country: 'DE' }), // VAT ID is German: 400
      update(
        'customer.update',
        C2,
        { iban: 'DE89 3704 0044 0532 0130 01' },
        { iban: 'DE89370400440532013000' },
      ), // checksum: 400
      step('customer.create', {
        ...customer(id(3), 'Umbrella'),
        registrationId: 'HRB 1',
        region: 'BY',
      }),
      step('customer.create', { ...customer(id(4), 'Bad'), bic: 'XX' }), // not a BIC: 400
      step('contact.create', {
        id: K2,
        customerId: C1,
        name: 'Bea Buyer',
        email: 'bea@globex.test',
        phoneNumber: null,
        role: 'Buyer',
      }),
      update('contact.update', K2, { role: 'Owner', name: 'Bea Owner' }, { role: 'Buyer' }),
      step('currency.create', currency(EUR, 'EUR', false)),
      update('currency.update', EUR, { isDefault: true }, { isDefault: false }),
      step('product.create', product(P1, 'Widget', 12.5, 'EUR')),
      update('product.update', P1, { price: 13.75, stock: 7 }, { price: 12.5, stock: 10 }),
      step('currency.delete', { id: EUR }), // the default, and in use: 409
      step('currency.create', currency(GBP, 'GBP', false)),
      update('currency.update', GBP, { symbol: 'GBP', taxRate: 5 }, { symbol: '£', taxRate: 20 }),
      step('currency.delete', { id: GBP }),
      step('product.delete', { id: P1 }),
      update('product.update', P1, { price: 1 }, { price: 13.75 }), // gone: 404
      step('contact.delete', { id: K2 }),
      step('tenant.update', { naturalName: 'Renamed Traders' }),
      step('tenant.updateCompany', {
        legalName: 'Renamed Traders GmbH',
        country: 'DE',
        email: 'billing@renamed.test',
        paymentInstructions: 'IBAN DE00 1234 5678',
        locale: 'de-de',
        documentLanguage: 'de',
        postcode: '10115',
        city: ' Berlin ',
        vatId: 'de 123456789',
        registrationId: 'HRB 12345',
        electronicAddressScheme: '9930',
        electronicAddressId: 'DE123456789',
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: 'cobadeffxxx',
      }),
      step('tenant.updateCompany', { documentLanguage: 'xx' }), // not a document language: 400
      step('tenant.updateCompany', { einvoiceFormat: 'facturx' }),
      step('tenant.updateCompany', { einvoiceFormat: 'edifact' }), // not a format: 400
      step('tenant.updateCompany', { country: 'FR' }), // the VAT ID is German: 400
      step('tenant.updateCompany', { electronicAddressScheme: '0208' }), // not a Belgian number: 400
      step('tenant.updateBilling', { reminderEveryDays: 14, remindersEnabled: false }),
      step('tenant.updateBilling', { defaultPaymentTerms: 'net_7' }),
      step('tenant.updateBilling', { reminderMax: 0 }), // out of range: 400
      step('customer.delete', { id: C1 }),
      update('customer.update', C1, { name: 'Ghost' }, { name: 'Globex' }), // gone: 404
    ],
  },
  {
    title: 'quotes with items, orders and invoices through their life',
    steps: [
      step('customer.create', customer(C1, 'Globex', K1)),
      step('product.create', product(P1, 'Widget', 10)),
      step('product.create', product(P2, 'Gadget', 2.5)),
      step(
        'quote.create',
        document(Q1, [
          { id: L(1), productId: P1, quantity: 2 },
          { id: L(2), productId: P2, quantity: 4 },
        ]),
      ),
      update(
        'quote.update',
        Q1,
        {
          items: [
            { id: L(1), productId: P1, quantity: 3 },
            { id: L(3), productId: P2, quantity: 1 },
          ],
          notes: '<p>Revised</p>',
        },
        {
          items: [
            { id: L(1), productId: P1, quantity: 2 },
            { id: L(2), productId: P2, quantity: 4 },
          ],
          notes: '<p>Thanks for asking</p>',
        },
      ),
      step('quote.send', { id: Q1 }),
      update('quote.update', Q1, { notes: '<p>Too late</p>' }, { notes: '<p>Revised</p>' }), // sent: 400
      step('quote.setStatus', { id: Q1, status: 'Accepted' }),
      step('quote.send', { id: Q1 }), // accepted: 409
      step('quote.convert', { id: Q1, orderId: O1 }),
      step('quote.convert', { id: Q1, orderId: O3 }), // converted already: 409
      update('order.update', O1, { notes: '<p>Rush</p>' }, { notes: '<p>Revised</p>' }),
      step('order.createInvoice', { id: O1, invoiceId: I1 }),
      step('invoice.email', mailTo(I1, id(81), 'ap@globex.test')),
      step('invoice.email', mailTo(I1, id(81), 'ap@globex.test')), // replayed: mailed once
      step('invoice.email', mailTo(I1, id(82), 'not an address')), // 400
      step('invoice.email', mailTo(id(99), id(83), 'ap@globex.test')), // unknown invoice: 404
      step('order.email', mailTo(O1, id(84), ' buyer@globex.test ')),
      step('invoice.setStatus', { id: I1, status: 'Paid' }),
      step('order.create', document(O2, [{ id: L(4), productId: P2, quantity: 5 }])),
      update(
        'order.update',
        O2,
        { items: [{ id: L(4), productId: P2, quantity: 6 }] },
        { items: [{ id: L(4), productId: P2, quantity: 5 }] },
      ),
      step('order.delete', { id: O2 }),
      step('quote.create', document(Q2, [{ id: L(5), productId: P1, quantity: 1 }])),
      step('quote.delete', { id: Q2 }),
      step('customer.delete', { id: C1 }), // an invoice holds it: 409
      step('product.delete', { id: P2 }),
    ],
  },
  {
    title: 'getting paid: terms, partial payments, overpayment, deletes and cancelled invoices',
    steps: [
      step('customer.create', { ...customer(C1, 'Globex', K1), paymentTerms: 'net_14' }),
      step('customer.create', customer(C2, 'Initech')),
      step('product.create', product(P1, 'Widget', 10)),
      step('order.create', document(O1, [{ id: L(1), productId: P1, quantity: 3 }])),
      step('order.createInvoice', { id: O1, invoiceId: I1 }),
      step('invoice.setTerms', { id: I1, paymentTerms: 'net_60' }),
      step('invoice.setReminders', { id: I1, stopped: true }),
      step('invoice.setReminders', { id: id(99), stopped: false }), // unknown invoice: 404
      step('invoice.setTerms', { id: I1, dueDate: '2000-01-01' }), // before the issue date: 400
      step('invoice.setTerms', { id: id(99), paymentTerms: 'net_7' }), // unknown invoice: 404
      step('payment.create', payment(PAY1, 5)),
      step('invoice.setTerms', { id: I1, paymentTerms: 'net_7' }), // paid, so issued: 409
      step('payment.create', payment(PAY2, 1_000_000)), // above the balance: 409
      step('payment.create', payment(PAY1, 1)), // the id exists: 409
      step('payment.create', payment(PAY2, 0.001)), // sub-cent: 400
      step('payment.create', payment(PAY2, 1, id(99))), // unknown invoice: 404
      step('payment.create', payment(PAY2, balanceOf(I1))), // the rest: Paid
      step('payment.delete', { id: PAY1, invoiceId: I1 }), // Partially paid again
      step('payment.delete', { id: PAY1, invoiceId: I1 }), // gone: 404
      step('invoice.setStatus', { id: I1, status: 'Unpaid' }), // payments exist: 409
      step('invoice.setStatus', { id: I1, status: 'Paid' }), // pays the balance
      step('invoice.setStatus', { id: I1, status: 'Cancelled' }), // issued: 409
      step('payment.create', payment(PAY3, 1)), // nothing left to pay: 409
      step('order.create', document(O2, [{ id: L(2), productId: P1, quantity: 1 }])),
      step('order.createInvoice', { id: O2, invoiceId: I2 }),
      step('invoice.setStatus', { id: I2, status: 'Paid' }), // by hand, with no payment yet
    ],
  },
  {
    title: 'issued invoices never change: a draft is edited or cancelled, an issued one is frozen',
    steps: [
      step('customer.create', customer(C1, 'Globex', K1)),
      step('product.create', product(P1, 'Widget', 10)),
      step('order.create', document(O1, [{ id: L(1), productId: P1, quantity: 3 }])),
      step('order.createInvoice', { id: O1, invoiceId: I1 }),
      step('invoice.setTerms', { id: I1, paymentTerms: 'net_60' }), // a draft: edited
      step('invoice.issue', { id: I1 }),
      step('invoice.issue', { id: I1 }), // issued already: nothing changes
      step('invoice.issue', { id: id(99) }), // unknown invoice: 404
      step('invoice.setTerms', { id: I1, paymentTerms: 'net_7' }), // issued: 409
      step('invoice.setStatus', { id: I1, status: 'Cancelled' }), // issued: 409
      step('invoice.setReminders', { id: I1, stopped: true }), // not its content
      step('order.create', document(O2, [{ id: L(2), productId: P1, quantity: 1 }])),
      step('order.createInvoice', { id: O2, invoiceId: I2 }),
      step('invoice.setStatus', { id: I2, status: 'Cancelled' }), // a draft: cancelled
      step('invoice.issue', { id: I2 }), // a cancelled draft: 409
      step('payment.create', payment(PAY1, 1, I2)), // cancelled: 409
      step('order.create', document(O3, [{ id: L(3), productId: P1, quantity: 2 }])),
      step('order.createInvoice', { id: O3, invoiceId: I3 }),
      step('payment.create', payment(PAY2, 5, I3)), // a payment issues the draft
      step('invoice.setTerms', { id: I3, paymentTerms: 'net_7' }), // issued: 409
    ],
  },
  {
    title: 'credit notes: by lines, by amount, in full with a refund; refused requests',
    steps: [
      step('customer.create', customer(C1, 'Globex', K1)),
      step('product.create', product(P1, 'Widget', 10)),
      step('product.create', product(P2, 'Gadget', 19.99)),
      step(
        'order.create',
        document(O1, [
          { id: L(1), productId: P1, quantity: 3, discount: { kind: 'amount', value: 3 } },
          { id: L(2), productId: P2, quantity: 2 },
        ]),
      ),
      step('order.createInvoice', { id: O1, invoiceId: I1 }),
      step('creditNote.create', { id: CN1, invoiceId: I1, kind: 'full', reason: 'x' }), // draft: 409
      step('invoice.issue', { id: I1 }),
      step('creditNote.create', creditLines(CN1, 0, 1)),
      step('creditNote.create', creditLines(CN2, 0, 3)), // 2 left: 400
      step('creditNote.create', { id: CN2, invoiceId: I1, kind: 'amount', reason: ' ' }), // 400
      step('creditNote.create', { id: CN2, invoiceId: id(99), kind: 'full', reason: 'x' }), // 404
      step('creditNote.create', creditLines(CN1, 1, 1)), // the id exists: 409
      step('creditNote.email', mailTo(CN1, id(85), 'ap@globex.test')),
      step('creditNote.email', mailTo(CN1, id(85), 'ap@globex.test')), // replayed: mailed once
      step('creditNote.email', mailTo(CN1, id(86), 'not an address')), // 400
      step('creditNote.email', mailTo(id(98), id(87), 'ap@globex.test')), // unknown: 404
      step('payment.create', payment(PAY1, 10)),
      step('creditNote.create', {
        id: CN2,
        invoiceId: I1,
        kind: 'amount',
        reason: 'Goodwill',
        amount: 7.77,
      }),
      step('creditNote.create', { id: CN3, invoiceId: I1, kind: 'full', reason: 'Cancelled' }),
      step('creditNote.create', { id: id(94), invoiceId: I1, kind: 'full', reason: 'x' }), // 409
      step('invoice.setStatus', { id: I1, status: 'Unpaid' }), // credited in full: 409
      step('payment.create', payment(PAY2, 1)), // cancelled: 409
    ],
  },
  {
    title: 'recurring profiles: create, edit the schedule, controls, extras, refusals, delete',
    steps: [
      step('customer.create', customer(C1, 'Globex', K1)),
      step('product.create', product(P1, 'Widget', 10)),
      step('recurringProfile.create', recurring(RP1, { anchorDay: 'last' })),
      step('recurringProfile.create', recurring(RP2, { frequency: { unit: 'week', every: 2 } })),
      // A weekly schedule on a day of the month: 400.
      step(
        'recurringProfile.create',
        recurring(id(97), { frequency: { unit: 'week', every: 1 }, anchorDay: 15 }),
      ),
      step('recurringProfile.create', recurring(RP1)), // the id exists: 409
      update(
        'recurringProfile.update',
        RP1,
        { frequencyEvery: 3, notes: 'Quarterly now', endKind: 'after', endCount: 4 },
        { frequencyEvery: 1, notes: '', endKind: 'never' },
      ),
      update(
        'recurringProfile.update',
        RP2,
        { items: [{ id: L(9), productId: P1, quantity: 5 }] },
        { items: [{ productId: P1, quantity: 2 }] },
      ),
      step('recurringProfile.pause', { id: RP1 }),
      step('recurringProfile.resume', { id: RP1 }),
      step('recurringProfile.skipNext', { id: RP2 }),
      step('recurringProfile.skipNext', { id: RP2, skip: false }),
      step('recurringProfile.skipNext', { id: RP1 }),
      step('recurringProfile.setExtras', {
        id: RP1,
        extraItems: [
          { id: L(10), productId: null, description: 'Setup', quantity: 1, unitPrice: 50 },
        ],
      }),
      step('recurringProfile.invoiceNow', { id: id(99) }), // unknown profile: 404
      step('recurringProfile.pause', { id: id(99) }), // 404
      step('recurringProfile.delete', { id: RP2 }),
      step('recurringProfile.delete', { id: RP2 }), // gone: 404
    ],
  },
  {
    // Both edits made offline on one server copy: the device only overwrites its own first edit.
    title: 'a device updating one field twice on the same base overwrites itself: no conflict',
    steps: [
      step('customer.create', customer(C1, 'Globex')),
      update('customer.update', C1, { phoneNumber: '555-0111' }, { phoneNumber: '555-0100' }),
      update('customer.update', C1, { phoneNumber: '555-0122' }, { phoneNumber: '555-0100' }),
    ],
  },
  {
    // Based on a value the field no longer holds, which this device did not write.
    title: 'a stale update overwrites, keeps a conflict, and the conflict is resolved',
    steps: [
      step('customer.create', customer(C1, 'Globex')),
      update('customer.update', C1, { phoneNumber: '555-0122' }, { phoneNumber: '555-0099' }),
      step('conflict.resolve', (rows) => ({ id: String(rows.conflicts[0]?.id) })),
    ],
  },
];
