import type { CompanyDetails, PaperSize } from '../company';
import type { DocumentLanguage } from '../document-language';
import { TAX_CATEGORY_RULES, type TaxCategory } from '../tax-categories';

/**
 * Everything a quote, order or invoice PDF shows, in one renderer-neutral shape. The server builds
 * it from the API objects, the PWA from its local store; the layout reads nothing else.
 * Amounts are numbers or decimal strings exactly as the API gives them (2 decimals).
 */
export type DocumentKind = 'quote' | 'order' | 'invoice' | 'creditNote';

export interface DocumentParty {
  name: string;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  address2?: string | null;
  postcode?: string | null;
  city?: string | null;
  country?: string | null;
  vatId?: string | null;
  role?: string | null;
}

export interface DocumentLine {
  name: string;
  sku: string | null;
  quantity: number;
  unitPrice: number | string;
  lineTotal: number | string;
  /** A description beside the product (a free line's name is its description). */
  description?: string | null;
}

/** A document discount (allowance) or charge, printed above the tax. */
export interface DocumentAdjustmentLine {
  kind: 'allowance' | 'charge';
  reason: string;
  amount: number | string;
}

/** One row of the tax breakdown (EN 16931 BG-23): per category and rate. */
export interface DocumentTaxRow {
  category: TaxCategory;
  rate: number | string;
  taxableAmount: number | string;
  taxAmount: number | string;
}

export interface DocumentModel {
  kind: DocumentKind;
  /** null: created offline and not numbered yet. */
  number: string | null;
  status: string;
  /** ISO date-time. */
  issueDate: string;
  /** Quotes, once they have one. */
  validUntil?: string | null;
  /** Invoices, once they have one. */
  dueDate?: string | null;
  /** Other references, e.g. the order an invoice was made from. */
  references?: Array<{ label: string; value: string }>;
  currency: { code: string; symbol: string };
  customer: DocumentParty | null;
  contact: DocumentParty | null;
  items: DocumentLine[];
  subtotal: number | string;
  taxRate: number | string;
  taxAmount: number | string;
  total: number | string;
  /** Discounts and charges, and the tax per rate (absent: the one `taxRate` line). */
  adjustments?: DocumentAdjustmentLine[];
  taxBreakdown?: DocumentTaxRow[];
  /** Invoices with payments, once those exist. */
  amountPaid?: number | string | null;
  balanceDue?: number | string | null;
  /** Rich-text notes (HTML); only the safe subset is rendered. */
  notes: string;
  company: CompanyDetails & { name: string };
  /** A data: URI of the PNG or JPEG logo. */
  logo: string | null;
  paperSize: PaperSize;
  /** The customer's document language; absent: English. */
  language?: DocumentLanguage;
  /** Render as PDF/A-3b (an sRGB output intent, XMP): the base of a Factur-X invoice. */
  pdfA?: boolean;
}

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  quote: 'Quote',
  order: 'Order',
  invoice: 'Invoice',
  creditNote: 'CreditNote',
};

export const UNNUMBERED_LABEL = 'Draft — number assigned when synced';

/** The watermark a status prints across every page, or null. */
export function watermarkOf(status: string): string | null {
  if (status === 'Draft') return 'DRAFT';
  if (status === 'Cancelled') return 'CANCELLED';
  return null;
}

/** A file name safe in a Content-Disposition header and on every file system: `Quote-Q-0012.pdf`. */
export function documentFileName(kind: DocumentKind, number: string | null): string {
  const safe = (number ?? 'Draft').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${DOCUMENT_TITLES[kind]}-${safe || 'Draft'}.pdf`;
}

/**
 * The notes a tax breakdown needs printed: why no VAT is charged (exemption, reverse charge,
 * intra-EU supply, export…), once per category, with the category's standard wording.
 */
export function exemptionNotes(breakdown: DocumentTaxRow[] | undefined): string[] {
  const notes: string[] = [];
  for (const row of breakdown ?? []) {
    const rule = TAX_CATEGORY_RULES[row.category];
    if (!rule.needsExemptionReason) continue;
    const text = rule.defaultReason
      ? `${rule.defaultReason.text} (${rule.defaultReason.code})`
      : `${rule.label}: no VAT charged`;
    if (!notes.includes(text)) notes.push(text);
  }
  return notes;
}
