/** Sample documents for the PDF bench and the pictures in docs/pdf (no database needed). */
import { readFileSync } from 'node:fs';
import {
  apiDocumentContent,
  documentModel,
  type DocumentModel,
} from '../shared-types/src/documents/index';
import { EMPTY_COMPANY_DETAILS, type CompanyDetails } from '../shared-types/src/company';
import { documentTotals, subtractMoney } from '../shared-types/src/money';

const PRODUCTS = [
  ['Ørsted heat pump service, annual', 'SVC-ANNUAL', '420.00'],
  ['Copper pipe 22 mm, per metre', 'CU-22', '7.85'],
  ['Łódź brass valve DN20', 'VAL-DN20', '38.40'],
  ['Installation labour, per hour', 'LAB-HR', '65.00'],
  ['Pressure test and commissioning', 'COMM-01', '149.00'],
  ['Thermostat, smart, Wi-Fi', 'TH-SMART', '189.99'],
  ['Insulation sleeve 22 mm × 2 m', 'INS-22', '4.25'],
] as const;

function company(over: Partial<CompanyDetails>): CompanyDetails {
  return {
    ...EMPTY_COMPANY_DETAILS,
    legalName: 'Żółć & Straße Heating GmbH',
    address: 'Friedrichstraße 123\n10117 Berlin',
    country: 'DE',
    taxId: 'DE 123 456 789',
    email: 'billing@zolc-strasse.example',
    phone: '+49 30 1234 5678',
    website: 'https://zolc-strasse.example',
    paymentInstructions:
      'Bank transfer to Berliner Sparkasse · IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX\nPlease quote the invoice number with your payment.',
    documentFooter: 'Żółć & Straße Heating GmbH · Amtsgericht Charlottenburg HRB 123456 B',
    ...over,
  };
}

/** A document of `lines` lines with real totals (the shared money module, as the server computes them). */
export function sampleDocument(
  kind: 'quote' | 'invoice',
  lines: number,
  options: {
    currency?: { code: string; symbol: string };
    taxRate?: string;
    paperSize?: 'A4' | 'Letter';
    status?: string;
    /** Prints the app's icon as the company logo. */
    logo?: boolean;
    /** Invoices: a payment of this much, and a due date 30 days after issue. */
    amountPaid?: string;
  } = {},
): DocumentModel {
  const items = Array.from({ length: lines }, (_, i) => {
    const [name, sku, price] = PRODUCTS[i % PRODUCTS.length]!;
    return {
      name,
      sku: `${sku}${i >= PRODUCTS.length ? `-${i}` : ''}`,
      price,
      quantity: (i % 5) + 1,
    };
  });
  const taxRate = options.taxRate ?? '19';
  const totals = documentTotals(
    items.map((i) => ({ unitPrice: i.price, quantity: i.quantity })),
    taxRate,
  );
  const currency = options.currency ?? { code: 'EUR', symbol: '€' };
  const content = apiDocumentContent(
    kind,
    {
      status: options.status ?? (kind === 'quote' ? 'Sent' : 'Unpaid'),
      createdAt: '2026-11-24T09:30:00.000Z',
      currencyCode: currency.code,
      notes:
        '<p>Thank you for choosing us. <strong>Prices include delivery</strong> within Berlin; <em>installation dates are confirmed by phone</em>.</p><ul><li>Warranty: 24 months on parts and labour</li><li>Terms: <a href="https://zolc-strasse.example/terms">zolc-strasse.example/terms</a></li></ul>',
      subtotal: Number(totals.subtotal),
      taxRate: Number(totals.taxRate),
      taxAmount: Number(totals.taxAmount),
      total: Number(totals.total),
      ...(kind === 'invoice'
        ? {
            issueDate: '2026-11-24',
            dueDate: '2026-12-24',
            amountPaid: Number(options.amountPaid ?? 0),
            balance: Number(subtractMoney(totals.total, options.amountPaid ?? 0)),
          }
        : {}),
      customer: {
        name: 'Łódź Żółć Straße Ørsted AG',
        email: 'purchasing@orsted-ag.example',
        address: 'Kraftværksvej 53\n7000 Fredericia, Denmark',
      },
      contact: {
        name: 'Zoë Åkerlund',
        email: 'zoe.akerlund@orsted-ag.example',
        role: 'Purchasing',
      },
      items: items.map((i, n) => ({
        quantity: i.quantity,
        unitPrice: Number(i.price),
        subtotal: Number(totals.lines[n]),
        product: { name: i.name, sku: i.sku },
      })),
    },
    {
      number: kind === 'quote' ? 'Q-0042' : 'INV-0042',
      symbol: currency.symbol,
      references: kind === 'invoice' ? [{ label: 'Order', value: 'SO-0042' }] : [],
    },
  );
  return documentModel(
    content,
    { naturalName: 'Żółć & Straße', company: company({ paperSize: options.paperSize ?? null }) },
    options.logo
      ? `data:image/png;base64,${readFileSync(new URL('../pwa/public/icons/icon-192.png', import.meta.url)).toString('base64')}`
      : null,
  );
}
