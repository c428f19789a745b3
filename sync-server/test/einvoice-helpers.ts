/**
 * A German seller with every identity an e-invoice needs, three buyers (Germany, Belgium,
 * Switzerland), tax rates of every category, and invoices made the way a user makes them:
 * quote → order → invoice → issued (→ a payment), all through the API.
 */
import type { CreditNote, Invoice } from '@smb/shared-types';
import { client, expectStatus, type Client } from './api-helpers';
import { makeCurrency, makeProduct, makeRecipient } from './factories';
import { registerTenant, type TestApp } from './helpers';

/** XML-special characters and other scripts, in every text a document carries. */
export const TRICKY = 'Ünïcødé & <Sons> "Ωμέγα" 東京';

export interface Seller {
  api: Client;
  tenantId: string;
  /** The administrator's, for a device of the seller. */
  token: string;
  userId: string;
  rates: Record<'s19' | 's7' | 'z' | 'e' | 'ae' | 'g', string>;
  buyers: Record<'de' | 'be' | 'ch' | 'tricky', { customerId: string; contactId: string }>;
  products: string[];
}

const BUYERS = {
  de: {
    name: 'Bäckerei Müller KG',
    identity: {
      address: 'Lindenallee 3',
      postcode: '50667',
      city: 'Köln',
      country: 'DE',
      vatId: 'DE987654321',
      electronicAddressScheme: '9930',
      electronicAddressId: 'DE987654321',
      buyerReference: '04011000-12345-03',
    },
  },
  be: {
    name: 'Brasserie De Koe BV',
    identity: {
      address: 'Grote Markt 1',
      postcode: '9000',
      city: 'Gent',
      country: 'BE',
      vatId: 'BE0123456749',
      electronicAddressScheme: '0208',
      electronicAddressId: '0123456749',
      buyerReference: 'BE-REF-1',
    },
  },
  ch: {
    name: 'Bergbahnen Zermatt AG',
    identity: {
      address: 'Bahnhofplatz 7',
      postcode: '3920',
      city: 'Zermatt',
      country: 'CH',
      electronicAddressScheme: '0088',
      electronicAddressId: '7640000000001',
      buyerReference: 'CH-REF-1',
    },
  },
  tricky: {
    name: `Müller ${TRICKY}`,
    identity: {
      address: `Straße ${TRICKY}`,
      address2: 'Hinterhaus & Hof',
      postcode: '50667',
      city: 'Köln <Süd>',
      country: 'DE',
      vatId: 'DE987654321',
      electronicAddressScheme: '9930',
      electronicAddressId: 'DE987654321',
      buyerReference: 'Ref & <1> "A"',
    },
  },
} as const;

export const SELLER_COMPANY = {
  legalName: 'Nordlicht & Partner <Haustechnik> GmbH',
  address: 'Hafenstraße 12',
  postcode: '20457',
  city: 'Hamburg',
  country: 'DE',
  vatId: 'DE123456789',
  registrationId: 'HRB 123456',
  electronicAddressScheme: '9930',
  electronicAddressId: 'DE123456789',
  email: 'billing@nordlicht.example',
  phone: '+49 40 123456',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

export async function makeSeller(t: TestApp, name = 'Nordlicht Haustechnik'): Promise<Seller> {
  const admin = await registerTenant(t, name, undefined, { country: 'DE' });
  const api = client(t, admin.token);
  expectStatus(await api.put('/api/tenants/current/company', SELLER_COMPANY), 200);
  await makeCurrency(t, admin.tenantId, { code: 'USD', symbol: '$', taxRate: '0' }).catch(
    () => undefined, // the sign-up may have made it
  );
  // The company's own currency (EUR, from the sign-up) is worth more than a dollar, so a USD
  // invoice states its VAT in EUR at a rate that is not 1.
  const eur = expectStatus<{ id: string }>(await api.get('/api/currencies/code/EUR'), 200);
  expectStatus(
    await api.put(`/api/currencies/${eur.id}`, { dollarExchangeRate: EUR_IN_DOLLARS }),
    200,
  );
  const rates = {} as Seller['rates'];
  for (const [key, body] of Object.entries({
    s19: { name: 'VAT 19 %', rate: 19, category: 'S' },
    s7: { name: 'Reduced 7 %', rate: 7, category: 'S' },
    z: { name: 'Zero rated', rate: 0, category: 'Z' },
    e: { name: 'Exempt', rate: 0, category: 'E', exemptionReason: 'Exempt under § 4 Nr. 21 UStG' },
    ae: { name: 'Reverse charge', rate: 0, category: 'AE' },
    g: { name: 'Export', rate: 0, category: 'G' },
  }))
    rates[key as keyof Seller['rates']] = expectStatus<{ id: string }>(
      await api.post('/api/tax-rates', body),
      201,
    ).id;
  const buyers = {} as Seller['buyers'];
  for (const [key, buyer] of Object.entries(BUYERS)) {
    const { customer, contact } = await makeRecipient(t, admin.tenantId, {
      customer: { name: buyer.name },
    });
    expectStatus(await api.put(`/api/customers/${customer.id}`, buyer.identity), 200);
    buyers[key as keyof Seller['buyers']] = { customerId: customer.id, contactId: contact.id };
  }
  const products: string[] = [];
  for (const [price, productName] of [
    ['480.00', 'Heating maintenance'],
    ['33.33', 'Boiler service'],
    ['9.99', `Thermostat ${TRICKY}`],
  ] as const)
    products.push(
      (await makeProduct(t, admin.tenantId, { price, name: productName, currencyCode: 'EUR' })).id,
    );
  return {
    api,
    tenantId: admin.tenantId,
    token: admin.token,
    userId: admin.userId,
    rates,
    buyers,
    products,
  };
}

/** What one euro is worth in dollars in the seller's currencies. */
export const EUR_IN_DOLLARS = 1.08;

export interface InvoiceCase {
  buyer: keyof Seller['buyers'];
  quote: (s: Seller) => Record<string, unknown>;
  /** A payment recorded after issuing. */
  paid?: number;
}

/** quote → order → invoice → issued (→ paid in part), through the API. */
export async function issuedInvoice(s: Seller, c: InvoiceCase): Promise<Invoice> {
  const { api } = s;
  const quote = expectStatus<{ id: string }>(
    await api.post('/api/quotes', { ...s.buyers[c.buyer], currencyCode: 'EUR', ...c.quote(s) }),
    201,
  );
  const order = expectStatus<{ id: string }>(
    await api.post(`/api/quotes/${quote.id}/convert`, {}),
    201,
  );
  const draft = expectStatus<Invoice>(
    await api.post(`/api/orders/${order.id}/create-invoice`, {}),
    201,
  );
  let invoice = expectStatus<Invoice>(await api.post(`/api/invoices/${draft.id}/issue`, {}), 200);
  if (c.paid) {
    expectStatus(
      await api.post(`/api/invoices/${draft.id}/payments`, {
        amount: c.paid,
        method: 'bank_transfer',
      }),
      201,
    );
    invoice = expectStatus<Invoice>(await api.get(`/api/invoices/${draft.id}`), 200);
  }
  return invoice;
}

const line = (productId: string, quantity: number, taxRateId: string, extra = {}) => ({
  productId,
  quantity,
  taxRateId,
  ...extra,
});

/** The matrix of invoices. */
export const INVOICE_CASES: Record<string, InvoiceCase> = {
  'domestic standard rate': {
    buyer: 'de',
    quote: (s) => ({ items: [line(s.products[0]!, 2, s.rates.s19)] }),
  },
  'mixed rates': {
    buyer: 'de',
    quote: (s) => ({
      items: [line(s.products[0]!, 1, s.rates.s19), line(s.products[1]!, 3, s.rates.s7)],
    }),
  },
  'zero rated': { buyer: 'de', quote: (s) => ({ items: [line(s.products[1]!, 1, s.rates.z)] }) },
  'exempt with a reason': {
    buyer: 'de',
    quote: (s) => ({ items: [line(s.products[0]!, 1, s.rates.e)] }),
  },
  'intra-EU reverse charge': {
    buyer: 'be',
    quote: (s) => ({
      items: [line(s.products[0]!, 8, s.rates.ae)],
      notes: '<p>Reverse charge: the buyer accounts for the VAT.</p>',
    }),
  },
  'export outside the EU': {
    buyer: 'ch',
    quote: (s) => ({ items: [line(s.products[1]!, 12, s.rates.g)] }),
  },
  'line and document discounts with a shipping charge': {
    buyer: 'de',
    quote: (s) => ({
      items: [
        line(s.products[1]!, 3, s.rates.s19, { discount: { kind: 'percent', value: 10 } }),
        line(s.products[0]!, 1, s.rates.s7, { discount: { kind: 'amount', value: 20 } }),
        {
          productId: null,
          description: 'Installation',
          unitPrice: 80.5,
          quantity: 2,
          unitCode: 'HUR',
          taxRateId: s.rates.s19,
        },
      ],
      adjustments: [
        { kind: 'allowance', reason: 'Loyalty discount', amount: 10, taxRateId: s.rates.s19 },
        { kind: 'charge', reason: 'Shipping', amount: 5.95, taxRateId: s.rates.s19 },
      ],
    }),
  },
  'gross prices': {
    buyer: 'de',
    quote: (s) => ({
      pricesIncludeTax: true,
      items: [line(s.products[2]!, 3, s.rates.s19), line(s.products[1]!, 1, s.rates.s7)],
    }),
  },
  'another currency': {
    buyer: 'de',
    quote: (s) => ({ currencyCode: 'USD', items: [line(s.products[0]!, 1, s.rates.s19)] }),
  },
  'partly paid': {
    buyer: 'de',
    quote: (s) => ({ items: [line(s.products[0]!, 2, s.rates.s19)] }),
    paid: 400,
  },
  'special characters and other scripts': {
    buyer: 'tricky',
    quote: (s) => ({
      notes: `<p>Thanks for "everything" &lt;3 &amp; more — ${TRICKY.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`,
      items: [
        line(s.products[2]!, 2, s.rates.s19),
        {
          productId: null,
          description: `Wartung ${TRICKY} ${'long text '.repeat(30).trim()}`,
          unitPrice: 150,
          quantity: 1,
          taxRateId: s.rates.s19,
        },
      ],
      adjustments: [
        { kind: 'charge', reason: `Anfahrt ${TRICKY}`, amount: 25, taxRateId: s.rates.s19 },
      ],
    }),
  },
};

export interface CreditNoteCase {
  /** The invoice credited, from `INVOICE_CASES`. */
  invoice: string;
  body: (invoice: Invoice) => Record<string, unknown>;
}

/** A full credit note, one by chosen lines and one by an amount (a partial credit, tax included). */
export const CREDIT_NOTE_CASES: Record<string, CreditNoteCase> = {
  'full credit note': {
    invoice: 'line and document discounts with a shipping charge',
    body: () => ({ kind: 'full', reason: `Returned & refunded ${TRICKY}` }),
  },
  'partial credit note by lines': {
    invoice: 'mixed rates',
    body: (invoice) => ({
      kind: 'lines',
      reason: 'One boiler service was not done',
      lines: [{ invoiceItemId: invoice.items[1]!.id, quantity: 1 }],
    }),
  },
  'partial credit note by an amount': {
    invoice: 'mixed rates',
    body: () => ({ kind: 'amount', reason: 'Goodwill', amount: 50 }),
  },
};

/** POST /api/invoices/{id}/credit-notes. */
export async function creditNote(
  s: Seller,
  invoice: Invoice,
  c: CreditNoteCase,
): Promise<CreditNote> {
  return expectStatus<CreditNote>(
    await s.api.post(`/api/invoices/${invoice.id}/credit-notes`, c.body(invoice)),
    201,
  );
}

/** The attachments of a raw e-mail: content type and file name. */
export function attachments(raw: string): Array<{ type: string; name: string; body: Buffer }> {
  return raw
    .split(/\r?\n--[^\r\n]+/)
    .filter((part) => /Content-Disposition: attachment/i.test(part))
    .map((part) => ({
      type: /Content-Type: ([^;\r\n]+)/i.exec(part)?.[1] ?? '',
      name: /filename="?([^"\r\n;]+)/i.exec(part)?.[1] ?? '',
      body: Buffer.from(
        part
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('')
          .replace(/\s+/g, ''),
        'base64',
      ),
    }));
}
