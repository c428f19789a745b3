import type { ColumnType, Generated, Kysely } from 'kysely';
import type { CustomerTable } from '../modules/customers/customers.table';
import type { ContactTable } from '../modules/contacts/contacts.table';
import type { ProductTable } from '../modules/products/products.table';
import type { CurrencyTable } from '../modules/currencies/currencies.table';
import type { QuoteItemTable, QuoteTable } from '../modules/quotes/quotes.table';
import type { OrderItemTable, OrderTable } from '../modules/orders/orders.table';
import type { InvoiceItemTable, InvoiceTable } from '../modules/invoices/invoices.table';
import type { BillingSettingsTable, PaymentTable } from '../modules/payments/payments.table';
import type {
  ConflictTable,
  SyncClientGroupTable,
  SyncClientTable,
  SyncFieldWriteTable,
  SyncRejectionTable,
  SyncStateTable,
  TombstoneTable,
} from '../sync/sync.table';

export interface CounterTable {
  name: 'quote' | 'order' | 'invoice';
  value: number;
}

/** One tenant's schema. Reached only through `TenantDb`, which the tenant plugin scopes. */
export interface TenantDatabase {
  sync_state: SyncStateTable;
  counters: CounterTable;
  currencies: CurrencyTable;
  customers: CustomerTable;
  contacts: ContactTable;
  products: ProductTable;
  quotes: QuoteTable;
  quote_items: QuoteItemTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  invoices: InvoiceTable;
  invoice_items: InvoiceItemTable;
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

/** Columns every synced row has. */
export interface Versioned {
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns come back from pg as strings; accept strings on write. */
export type Numeric = ColumnType<string, string, string>;
export type NullableNumeric = ColumnType<string | null, string | null | undefined, string | null>;
export type { Generated };
