import type { Kysely } from 'kysely';
import type { CustomerTable } from './tables/customers.table';
import type { ContactTable } from './tables/contacts.table';
import type { ProductTable } from './tables/products.table';
import type { TaxRateTable } from './tables/tax-rates.table';
import type { CurrencyTable } from './tables/currencies.table';
import type { QuoteItemTable, QuoteTable } from './tables/quotes.table';
import type { DocumentMailTable, OrderItemTable, OrderTable } from './tables/orders.table';
import type { InvoiceItemTable, InvoiceTable } from './tables/invoices.table';
import type { CounterTable, NumberingPatternTable } from './tables/numbering.table';
import type { BillingSettingsTable, PaymentTable } from './tables/payments.table';
import type { CreditNoteLineTable, CreditNoteTable } from './tables/credit-notes.table';
import type {
  RecurringProfileLineTable,
  RecurringProfileTable,
  RecurringRunTable,
} from './tables/recurring.table';
import type {
  ConflictTable,
  SyncClientGroupTable,
  SyncClientTable,
  SyncFieldWriteTable,
  SyncRejectionTable,
  SyncStateTable,
  TombstoneTable,
} from './tables/sync.table';

export type { CounterTable } from './tables/numbering.table';

/** One tenant's schema. Reached only through `TenantDb`, which the tenant plugin scopes. */
export interface TenantDatabase {
  sync_state: SyncStateTable;
  counters: CounterTable;
  numbering_patterns: NumberingPatternTable;
  currencies: CurrencyTable;
  customers: CustomerTable;
  contacts: ContactTable;
  products: ProductTable;
  tax_rates: TaxRateTable;
  quotes: QuoteTable;
  quote_items: QuoteItemTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  invoices: InvoiceTable;
  invoice_items: InvoiceItemTable;
  credit_notes: CreditNoteTable;
  credit_note_lines: CreditNoteLineTable;
  recurring_profiles: RecurringProfileTable;
  recurring_profile_lines: RecurringProfileLineTable;
  recurring_runs: RecurringRunTable;
  document_mails: DocumentMailTable;
  payments: PaymentTable;
  billing_settings: BillingSettingsTable;
  tombstones: TombstoneTable;
  conflicts: ConflictTable;
  sync_clients: SyncClientTable;
  sync_client_groups: SyncClientGroupTable;
  sync_field_writes: SyncFieldWriteTable;
  sync_rejections: SyncRejectionTable;
}

/** A Kysely bound to one tenant schema (`withSchema`), or a transaction on it. */
export type TenantDb = Kysely<TenantDatabase>;
