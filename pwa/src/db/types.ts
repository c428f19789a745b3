import type { CompanyDetails } from '@smb/shared-types/company';
import type { BillingSettings } from '@smb/shared-types/payments';
import type { StoredAdjustment, StoredBreakdownRow } from '@smb/shared-types/document-lines';
import type { TaxCategory } from '@smb/shared-types/tax-categories';
/**
 * Local row shapes: the server rows of a pull patch (camelCase, numbers as numbers, `version` a
 * string). Records made offline have `version` null and, for documents, a null number until the
 * server assigns one (the UI shows 'Pending').
 */
export interface CurrencyRow {
  id: string;
  code: string;
  name: string;
  symbol: string;
  taxRate: number;
  dollarExchangeRate: number;
  isDefault: boolean;
  version: string | null;
  updatedAt: string;
}

export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  address: string | null;
  address2: string | null;
  /** Own payment terms; null (or absent in older rows): the tenant's default. */
  paymentTerms?: string | null;
  /** Documents and mails in this language; null (or absent in older rows): the company's. */
  documentLanguage?: string | null;
  /** E-invoice format (none, peppol, xrechnung, facturx); null (or absent): the company's default. */
  einvoiceFormat?: string | null;
  /** Identity for invoices (absent in rows stored before it existed, until their next pull). */
  postcode?: string | null;
  city?: string | null;
  region?: string | null;
  country?: string | null;
  vatId?: string | null;
  registrationId?: string | null;
  electronicAddressScheme?: string | null;
  electronicAddressId?: string | null;
  iban?: string | null;
  bic?: string | null;
  buyerReference?: string | null;
  createdAt: string;
  version: string | null;
  updatedAt: string;
}

export interface ContactRow {
  id: string;
  customerId: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  role: string | null;
  createdAt: string;
  version: string | null;
  updatedAt: string;
}

export interface ProductRow {
  id: string;
  name: string;
  sku: string | null;
  price: number;
  currencyCode: string;
  cost: number | null;
  stock: number | null;
  category: string | null;
  supplier: string | null;
  description: string | null;
  /** Defaults of a new line (issue 33; absent on rows pulled before: none, 'C62'). */
  taxRateId?: string | null;
  unitCode?: string;
  createdAt: string;
  version: string | null;
  updatedAt: string;
}

/** A tenant's tax rate (issue 33). */
export interface TaxRateRow {
  id: string;
  name: string;
  rate: number;
  category: TaxCategory;
  exemptionReason: string | null;
  createdAt: string;
  version: string | null;
  updatedAt: string;
}

export interface DocumentItemRow {
  id: string;
  productId: string | null;
  position: number;
  productName: string;
  productSku: string | null;
  quantity: number;
  unitPrice: number;
  subtotal: number;
  /**
   * Issue 33: the line's tax (a snapshot), discount, description, unit and net (absent on rows
   * pulled before the upgrade: the document's rate, no discount, 'C62', net = subtotal).
   */
  taxRateId?: string | null;
  taxCategory?: TaxCategory;
  taxRate?: number;
  discountKind?: 'percent' | 'amount' | null;
  discountValue?: number | null;
  discountAmount?: number;
  description?: string;
  unitCode?: string;
  lineTotal?: number;
}

interface DocumentFields {
  id: string;
  customerId: string;
  contactId: string | null;
  currencyCode: string;
  status: string;
  notes: string;
  subtotal: number;
  taxRate: number;
  taxAmount: number;
  total: number;
  /**
   * Issue 33: gross prices, allowances and charges, their totals and the breakdown per rate
   * (absent on rows pulled before the upgrade, until their next pull).
   */
  pricesIncludeTax?: boolean;
  adjustments?: StoredAdjustment[];
  allowanceTotal?: number;
  chargeTotal?: number;
  roundingAmount?: number;
  taxBreakdown?: StoredBreakdownRow[];
  createdAt: string;
  version: string | null;
  updatedAt: string;
  items: DocumentItemRow[];
}

export interface QuoteRow extends DocumentFields {
  /** null until the server numbers it ('Pending'). */
  quoteNumber: string | null;
  accessToken: string | null;
  viewedAt: string | null;
  acceptedAt: string | null;
  rejectedAt: string | null;
  /** Issue 19.5–19.7 (absent on rows pulled before the upgrade: treat as null / 0). */
  validUntil?: string | null;
  lastViewedAt?: string | null;
  viewCount?: number;
  acceptedByName?: string | null;
  acceptedIp?: string | null;
  rejectionReason?: string | null;
  /** The user who sent it: mailed when the customer answers. */
  sentBy?: string | null;
}

/** Issue 34.4: when the document was last e-mailed, and to whom (absent in older rows). */
export interface EmailedFields {
  emailedAt?: string | null;
  emailedTo?: string | null;
}

export interface OrderRow extends DocumentFields, EmailedFields {
  orderNumber: string | null;
  quoteId: string | null;
}

export interface InvoiceRow extends DocumentFields, EmailedFields {
  invoiceNumber: string | null;
  /** null for an invoice a recurring profile made (issue 36). */
  orderId: string | null;
  /** The recurring profile that made it, and its period (null: invoiced out of cycle). */
  recurringProfileId?: string | null;
  periodIndex?: number | null;
  customerName: string;
  customerEmail: string;
  contactName: string | null;
  contactEmail: string | null;
  contactRole: string | null;
  paidAt: string | null;
  /** When it was issued; null while a draft (absent in rows stored before drafts existed). */
  issuedAt?: string | null;
  /**
   * 'YYYY-MM-DD'; null until the server dates an invoice made offline (absent in rows stored
   * before payments existed, until their next pull).
   */
  issueDate?: string | null;
  dueDate?: string | null;
  paymentTerms?: string | null;
  /** Σ payments; the balance is total − amountPaid − creditedAmount (shared `amountDue`). */
  amountPaid?: number;
  /** Σ credit notes (absent on rows pulled before credit notes existed: 0). */
  creditedAmount?: number;
  /** "Stop reminders" on this invoice (absent in rows stored before reminders existed). */
  remindersStopped?: boolean;
  /** The reminders e-mailed, oldest first (written by the server's reminder job). */
  reminders?: { number: number; sentAt: string; sentTo: string }[];
}

/** A credit note's line: an invoice line's columns, and the invoice line it credits. */
export interface CreditNoteItemRow extends DocumentItemRow {
  invoiceItemId: string | null;
}

/** Issue 33 item 7: a credit note, issued when made and never changed. */
export interface CreditNoteRow {
  id: string;
  /** null until the server numbers it (a credit note made offline). */
  creditNoteNumber: string | null;
  invoiceId: string;
  customerId: string;
  customerName: string;
  customerEmail: string;
  kind: string;
  reason: string;
  currencyCode: string;
  subtotal: number;
  taxAmount: number;
  total: number;
  pricesIncludeTax: boolean;
  adjustments: StoredAdjustment[];
  allowanceTotal: number;
  chargeTotal: number;
  roundingAmount: number;
  taxBreakdown: StoredBreakdownRow[];
  refundAmount: number;
  issueDate: string;
  emailedAt: string | null;
  emailedTo: string | null;
  createdAt: string;
  version: string | null;
  updatedAt: string;
  items: CreditNoteItemRow[];
}

export interface PaymentRow {
  id: string;
  invoiceId: string;
  amount: number;
  paidOn: string;
  method: string;
  reference: string | null;
  note: string | null;
  createdBy: string | null;
  createdAt: string;
  version: string | null;
  updatedAt: string;
}

export interface ConflictRow {
  id: string;
  /** The entity table name: 'customers', 'contacts', … */
  entity: string;
  entityId: string;
  field: string;
  overwrittenValue: unknown;
  winningValue: unknown;
  overwrittenByUser: string | null;
  /** The e-mail of the user who overwrote, the device whose value was overwritten and the device that overwrote it (names as they were then; null when unknown). */
  overwrittenByUserEmail?: string | null;
  overwrittenClientGroup?: string | null;
  overwrittenDeviceName?: string | null;
  overwrittenByClientGroup?: string | null;
  overwrittenByDeviceName?: string | null;
  resolved: boolean;
  createdAt: string;
  version: string | null;
  updatedAt: string;
}

export interface TenantInfo {
  id: string;
  naturalName: string;
  schemaName: string;
  createdAt: string;
  /** Company details for documents; absent in a store written before they existed. */
  company?: CompanyDetails;
  /** Default payment terms and reminder policy; absent in a store written before they synced. */
  billing?: BillingSettings;
}

/** The synced entity tables and their row types. */
/** A recurring profile's line: a document line's columns; a one-off line goes on the next invoice only. */
export interface RecurringLineRow extends DocumentItemRow {
  oneOff: boolean;
}

/**
 * Issue 36: a customer's invoice on a schedule (the server makes the invoices). The schedule's
 * fields are shared-types `StoredSchedule`: the next dates are computed from them on the device.
 */
export interface RecurringProfileRow {
  id: string;
  customerId: string;
  contactId: string | null;
  currencyCode: string;
  pricesIncludeTax: boolean;
  notes: string;
  /** null: the customer's terms when each invoice is made. */
  paymentTerms: string | null;
  startDate: string;
  frequencyUnit: 'week' | 'month' | 'year';
  frequencyEvery: number;
  /** null: anchored to the start date; '1'…'31' or 'last'. */
  anchorDay: string | null;
  endKind: 'never' | 'after' | 'on';
  endCount: number | null;
  endDate: string | null;
  mode: 'draft' | 'issue-and-mail';
  status: 'active' | 'paused';
  skipNext: boolean;
  nextIndex: number;
  scheduleBase: number;
  createdAt: string;
  version: string | null;
  updatedAt: string;
  items: RecurringLineRow[];
}

export interface EntityRows {
  currencies: CurrencyRow;
  customers: CustomerRow;
  contacts: ContactRow;
  products: ProductRow;
  tax_rates: TaxRateRow;
  quotes: QuoteRow;
  orders: OrderRow;
  invoices: InvoiceRow;
  payments: PaymentRow;
  credit_notes: CreditNoteRow;
  recurring_profiles: RecurringProfileRow;
  conflicts: ConflictRow;
}
