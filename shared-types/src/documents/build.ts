import { paperSizeOf, type CompanyDetails, EMPTY_COMPANY_DETAILS } from '../company';
import { DEFAULT_CURRENCY_SYMBOL } from '../money';
import { documentText, type DocumentLanguage } from '../document-language';
import { PRIMARY_CONTACT_ROLE } from '../customers';
import type {
  DocumentAdjustmentLine,
  DocumentKind,
  DocumentLine,
  DocumentModel,
  DocumentParty,
  DocumentTaxRow,
} from './model';

/** What a document says about itself; the company side is added by `documentModel`. */
export type DocumentContent = Omit<DocumentModel, 'company' | 'logo' | 'paperSize'>;

/** Adds the company block, its logo and its paper size. */
export function documentModel(
  content: DocumentContent,
  tenant: { naturalName: string; company?: CompanyDetails | null },
  logo: string | null,
): DocumentModel {
  const company = { ...EMPTY_COMPANY_DETAILS, ...tenant.company, name: tenant.naturalName };
  return { ...content, company, logo, paperSize: paperSizeOf(company) };
}

/** The parts of a quote, order or invoice as the REST API answers them. */
export interface ApiDocument {
  status: string;
  createdAt: string;
  currencyCode: string;
  notes: string;
  subtotal: number;
  taxRate: number;
  taxAmount: number;
  total: number;
  customer: { name: string; email: string; address?: string | null } | null;
  contact: { name: string; email: string; role: string | null } | null;
  items: Array<{
    quantity: number;
    unitPrice: number;
    subtotal: number;
    product: { name: string; sku: string | null };
    productId?: string | null;
    description?: string;
    lineTotal?: number;
  }>;
  adjustments?: DocumentAdjustmentLine[];
  taxBreakdown?: DocumentTaxRow[];
  /** Invoices: the date they are issued on ('YYYY-MM-DD'); other documents print createdAt. */
  issueDate?: string | null;
  dueDate?: string | null;
  /** Quotes: the day the offer holds until ('YYYY-MM-DD'), once it has one. */
  validUntil?: string | null;
  amountPaid?: number | null;
  /** Invoices: total − amountPaid. */
  balance?: number | null;
}

/** A document's content from its API object (used by the server; the PWA reads its store the same way). */
export function apiDocumentContent(
  kind: DocumentKind,
  doc: ApiDocument,
  options: {
    number: string | null;
    symbol: string | null;
    references?: Array<{ label: string; value: string }>;
    customerExtra?: Partial<DocumentParty> | null;
    language?: DocumentLanguage;
  },
): DocumentContent {
  const items: DocumentLine[] = doc.items.map((item) => {
    const free = item.productId === null && !!item.description;
    return {
      name: free ? item.description! : item.product.name,
      sku: item.product.sku,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      lineTotal: item.lineTotal ?? item.subtotal,
      description: free ? null : (item.description ?? null),
    };
  });
  return {
    kind,
    number: options.number,
    status: doc.status,
    issueDate: doc.issueDate ?? doc.createdAt,
    dueDate: doc.dueDate ?? null,
    validUntil: doc.validUntil ?? null,
    references: options.references ?? [],
    currency: {
      code: doc.currencyCode,
      symbol: options.symbol ?? symbolFallback(doc.currencyCode),
    },
    customer: doc.customer ? { ...doc.customer, ...options.customerExtra } : null,
    contact: doc.contact,
    items,
    ...documentTotals(doc),
    amountPaid: doc.amountPaid ?? null,
    balanceDue: doc.balance ?? null,
    notes: doc.notes,
    language: options.language ?? 'en',
  };
}

/** A quote's, order's or invoice's totals as it prints them (none adjusted or broken down: empty). */
export function documentTotals(
  doc: Pick<
    ApiDocument,
    'subtotal' | 'taxRate' | 'taxAmount' | 'total' | 'adjustments' | 'taxBreakdown'
  >,
) {
  return {
    subtotal: doc.subtotal,
    taxRate: doc.taxRate,
    taxAmount: doc.taxAmount,
    total: doc.total,
    adjustments: doc.adjustments ?? [],
    taxBreakdown: doc.taxBreakdown ?? [],
  };
}

/** The customer's address and VAT ID as a document prints them (today's, also on invoices). */
export function customerAddress(
  customer:
    | Partial<
        Record<'address' | 'address2' | 'postcode' | 'city' | 'country' | 'vatId', string | null>
      >
    | null
    | undefined,
): Partial<DocumentParty> {
  if (!customer) return {};
  return {
    address: customer.address ?? null,
    address2: customer.address2 ?? null,
    postcode: customer.postcode ?? null,
    city: customer.city ?? null,
    country: customer.country ?? null,
    vatId: customer.vatId ?? null,
  };
}

/** "10115 Berlin": the line under the street lines, or null. */
export function postcodeCity(party: { postcode?: string | null; city?: string | null }) {
  return [party.postcode, party.city].filter(Boolean).join(' ') || null;
}

/** A currency the tenant no longer has prints with its code (USD keeps '$'). */
export function symbolFallback(code: string): string {
  return code === 'USD' ? DEFAULT_CURRENCY_SYMBOL : `${code} `;
}

/**
 * A party's address as it prints, one entry a line: the street lines (Address, Address 2, each
 * may hold line breaks), postcode and city, country.
 */
export function partyAddressLines(party: {
  address?: string | null;
  address2?: string | null;
  postcode?: string | null;
  city?: string | null;
  country?: string | null;
}): string[] {
  const lines = (text: string | null | undefined) =>
    (text ?? '')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
  return [
    ...lines(party.address),
    ...lines(party.address2),
    ...[postcodeCity(party), party.country?.trim() || null].filter((l): l is string => !!l),
  ];
}

/** A contact's role as a document shows it: the app's own "Primary" in `language`, others as typed. */
export function contactRoleText(language: DocumentLanguage, role: string): string {
  return role === PRIMARY_CONTACT_ROLE ? documentText(language, 'contactRolePrimary') : role;
}
