import type { TaxCategory } from '@smb/shared-types/tax-categories';
import type { AdjustmentInput, LineInput } from '@smb/shared-types/document-lines';
import type { CompanyDetailsUpdateBody } from '@smb/shared-types/company';
import type { BillingSettingsUpdate } from '@smb/shared-types/payments';
import type { UpdateArgs } from '@smb/shared-types/sync';
import type { ContactRow, CurrencyRow, CustomerRow, ProductRow } from '../db/types';

/** What the local store adds to a record's own fields: its id, and the server's bookkeeping. */
type StoredFields = 'id' | 'createdAt' | 'version' | 'updatedAt';

/**
 * Arguments of each named mutation (client → server), camelCase like the REST bodies.
 * Creates carry a client-made UUID; updates carry only the changed fields and their base values.
 */
export interface MainContactArgs {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
}

export type CustomerFields = Omit<CustomerRow, StoredFields>;
export interface CustomerCreateArgs extends CustomerFields {
  id: string;
  mainContact?: MainContactArgs;
}

export type ContactFields = Omit<ContactRow, StoredFields>;
export interface ContactCreateArgs extends ContactFields {
  id: string;
}

export type ProductFields = Omit<ProductRow, StoredFields>;
export interface ProductCreateArgs extends ProductFields {
  id: string;
}

/** taxRate.create (administrators). */
export interface TaxRateCreateArgs {
  id: string;
  name: string;
  rate: number;
  category: TaxCategory;
  exemptionReason?: string | null;
}

export type CurrencyFields = Omit<CurrencyRow, StoredFields>;
export interface CurrencyCreateArgs extends CurrencyFields {
  id: string;
}

/** A document line as sent: a product and a quantity; a kept line keeps its id. */
/** A line: a product (or a free line's description and price), its own price, rate, discount, unit. */
export interface DocumentItemArgs extends Omit<LineInput, 'id' | 'productId'> {
  id: string;
  productId: string | null;
  quantity: number;
}
export interface DocumentFields {
  customerId: string;
  contactId: string | null;
  currencyCode: string;
  notes: string;
  items: DocumentItemArgs[];
  pricesIncludeTax?: boolean;
  adjustments?: AdjustmentInput[];
}
export interface DocumentCreateArgs extends DocumentFields {
  id: string;
}

export interface IdArgs {
  id: string;
}
/** quote.send: a new valid-until day, required to re-send an expired quote. */
export interface QuoteSendArgs extends IdArgs {
  validUntil?: string;
}
export interface SetStatusArgs {
  id: string;
  status: string;
}
export interface ConvertQuoteArgs {
  id: string;
  /** Client-made id of the new order, so the UI can open it offline. */
  orderId: string;
}
export interface CreateInvoiceArgs {
  id: string;
  invoiceId: string;
}
export interface TenantUpdateArgs {
  naturalName: string;
}
/** The company-details fields given (blank clears one). */
export type CompanyUpdateArgs = CompanyDetailsUpdateBody;
/** The billing settings changed (default terms, reminder policy): only those fields are sent. */
export type BillingUpdateArgs = BillingSettingsUpdate;

export type CustomerUpdateArgs = UpdateArgs<CustomerFields & Record<string, unknown>>;
export type ContactUpdateArgs = UpdateArgs<ContactFields & Record<string, unknown>>;
export type ProductUpdateArgs = UpdateArgs<ProductFields & Record<string, unknown>>;
export type CurrencyUpdateArgs = UpdateArgs<CurrencyFields & Record<string, unknown>>;
export type DocumentUpdateArgs = UpdateArgs<DocumentFields & Record<string, unknown>>;

export interface PaymentCreateArgs {
  id: string;
  invoiceId: string;
  amount: number;
  paidOn: string;
  method: string;
  reference?: string | null;
  note?: string | null;
}
/** `creditNote.create`: the credit note's id is the device's; the server numbers it. */
export interface CreditNoteCreateArgs {
  id: string;
  invoiceId: string;
  kind: 'full' | 'lines' | 'amount';
  reason: string;
  lines?: { invoiceItemId: string; quantity: number }[];
  amount?: number;
}
export interface PaymentDeleteArgs {
  id: string;
  invoiceId: string;
}
export interface InvoiceRemindersArgs {
  id: string;
  stopped: boolean;
}
export interface InvoiceTermsArgs {
  id: string;
  paymentTerms?: string;
  dueDate?: string;
}

/** `recurringProfile.create`: the REST body (shared-types `RecurringProfileCreateBody`) with the device's id. */
export interface RecurringProfileCreateArgs {
  id: string;
  customerId: string;
  contactId: string;
  currencyCode: string;
  items: DocumentItemArgs[];
  extraItems?: DocumentItemArgs[];
  notes?: string | null;
  pricesIncludeTax?: boolean | null;
  paymentTerms?: string | null;
  startDate: string;
  frequency: { unit: 'week' | 'month' | 'year'; every: number };
  anchorDay?: number | 'last' | null;
  end?: { kind: 'never' | 'after' | 'on'; count?: number | null; date?: string | null };
  mode?: 'draft' | 'issue-and-mail';
}
/** `recurringProfile.skipNext`: skip the next period (false: not after all). */
export interface RecurringSkipArgs extends IdArgs {
  skip?: boolean;
}
/** `recurringProfile.setExtras`: the lines for the next invoice only (empty: none). */
export interface RecurringExtrasArgs extends IdArgs {
  extraItems: DocumentItemArgs[];
}
