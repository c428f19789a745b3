/**
 * The documents every e-invoice test runs over: one per kind of invoice and credit note the
 * product can issue, with text that tests escaping and other scripts.
 */
import type { EInvoiceSource, EInvoiceSourceLine } from './build';
import type { EInvoiceParty } from './model';

const seller: EInvoiceParty = {
  name: 'Nordlicht Haustechnik GmbH',
  address: { lines: ['Hafenstraße 12'], city: 'Hamburg', postcode: '20457', country: 'DE' },
  vatId: 'DE123456789',
  registrationId: 'HRB 123456',
  electronicAddress: { scheme: '9930', id: 'DE123456789' },
  contact: { name: 'Anna Weber', phone: '+49 40 123456', email: 'billing@nordlicht.example' },
};
const germanBuyer: EInvoiceParty = {
  name: 'Bäckerei Müller & Söhne KG',
  address: {
    lines: ['Lindenallee 3', 'Hinterhaus'],
    city: 'Köln',
    postcode: '50667',
    country: 'DE',
  },
  vatId: 'DE987654321',
  electronicAddress: { scheme: '9930', id: 'DE987654321' },
};
const belgianBuyer: EInvoiceParty = {
  name: 'Brasserie De Koe BV',
  address: { lines: ['Grote Markt 1'], city: 'Gent', postcode: '9000', country: 'BE' },
  vatId: 'BE0123456749',
  electronicAddress: { scheme: '0208', id: '0123456749' },
};
const swissBuyer: EInvoiceParty = {
  name: 'Bergbahnen Zermatt AG',
  address: { lines: ['Bahnhofplatz 7'], city: 'Zermatt', postcode: '3920', country: 'CH' },
  electronicAddress: { scheme: '0088', id: '7640000000001' },
};

const S19 = { category: 'S' as const, rate: '19' };
const S7 = { category: 'S' as const, rate: '7' };
const line = (
  name: string,
  quantity: string,
  unitPrice: string,
  extra: Partial<EInvoiceSourceLine> = {},
): EInvoiceSourceLine => ({
  name,
  quantity,
  unitPrice,
  unitCode: 'C62',
  tax: S19,
  ...extra,
});

const base = (overrides: Partial<EInvoiceSource>): EInvoiceSource => ({
  kind: 'invoice',
  number: 'INV-2026-0042',
  issueDate: '2026-11-26',
  dueDate: '2026-12-26',
  currency: 'EUR',
  buyerReference: 'PO-7781',
  seller,
  buyer: germanBuyer,
  payment: {
    meansCode: '58',
    remittanceInformation: 'INV-2026-0042',
    account: {
      iban: 'DE89370400440532013000',
      name: 'Nordlicht Haustechnik GmbH',
      bic: 'COBADEFFXXX',
    },
    terms: 'Payable within 30 days.',
  },
  lines: [line('Heating maintenance', '2', '480.00')],
  ...overrides,
});

export const CASES: Record<string, EInvoiceSource> = {
  'domestic standard rate': base({}),
  'mixed rates with discounts and a shipping charge': base({
    lines: [
      line('Boiler service', '3', '33.33', {
        discount: { kind: 'percent', value: '10' },
        unitCode: 'HUR',
      }),
      line('Descaler, 5 l', '1.5', '80', {
        tax: S7,
        discount: { kind: 'amount', value: '20' },
        unitCode: 'LTR',
        sellerItemId: 'DS-5',
      }),
    ],
    adjustments: [
      {
        kind: 'allowance',
        value: { kind: 'amount', value: '10' },
        tax: S19,
        reason: 'Loyalty discount',
      },
      { kind: 'charge', value: { kind: 'amount', value: '5.95' }, tax: S19, reason: 'Shipping' },
    ],
  }),
  'zero rated': base({
    lines: [line('Printed manual', '1', '25', { tax: { category: 'Z', rate: '0' } })],
  }),
  'exempt with a reason': base({
    lines: [line('Training course', '1', '900', { tax: { category: 'E', rate: '0' } })],
    exemptionReasons: { E: 'Exempt under § 4 Nr. 21 UStG' },
  }),
  'intra-EU reverse charge': base({
    buyer: belgianBuyer,
    notes: ['Reverse charge: the buyer accounts for the VAT.'],
    lines: [
      line('Consulting', '8', '120', { tax: { category: 'AE', rate: '0' }, unitCode: 'HUR' }),
    ],
  }),
  'intra-EU supply of goods': base({
    buyer: belgianBuyer,
    delivery: { date: '2026-11-20', address: belgianBuyer.address },
    lines: [line('Heat pump', '1', '7400', { tax: { category: 'K', rate: '0' } })],
  }),
  'export outside the EU': base({
    buyer: swissBuyer,
    lines: [line('Spare parts', '12', '14.50', { tax: { category: 'G', rate: '0' } })],
  }),
  'gross prices': base({
    pricesIncludeTax: true,
    lines: [line('Thermostat', '3', '9.99'), line('Filter', '1', '10.70', { tax: S7 })],
  }),
  'partly paid': base({ prepaid: '400.00' }),
  'another currency with tax also in EUR': base({
    currency: 'USD',
    taxCurrency: { code: 'EUR', rate: '0.92' },
  }),
  'special characters and other scripts': base({
    notes: ['Thanks for "everything" <3 & more'],
    lines: [
      line('Überprüfung & Wartung <Heizkessel> "Typ A"', '1', '150', {
        description: 'Ωμέγα, 東京, Zürich — ' + 'long text '.repeat(40).trim(),
      }),
    ],
  }),
  'full credit note': base({
    kind: 'creditNote',
    number: 'CN-2026-0007',
    precedingInvoice: { number: 'INV-2026-0042', issueDate: '2026-11-20' },
  }),
  'partial credit note': base({
    kind: 'creditNote',
    number: 'CN-2026-0008',
    precedingInvoice: { number: 'INV-2026-0042', issueDate: '2026-11-20' },
    lines: [line('Heating maintenance', '0.5', '480.00')],
  }),
};
