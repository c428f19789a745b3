import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie';
import { UNVERSIONED_PROTOCOL, type MutationName, type SyncEntity } from '@smb/shared-types/sync';
import type {
  ConflictRow,
  ContactRow,
  CurrencyRow,
  CustomerRow,
  InvoiceRow,
  OrderRow,
  PaymentRow,
  CreditNoteRow,
  RecurringProfileRow,
  ProductRow,
  TaxRateRow,
  QuoteRow,
} from './types';
import {
  fillSummaries,
  SUMMARISED_TABLES,
  SUMMARY_TABLE,
  summaryMiddleware,
  type SummaryBucket,
} from './summaries';

/** Entities a local mutation may touch: the synced tables plus the tenant record kept in `meta`. */
export type LocalEntity = SyncEntity | 'tenant';

/** One queued mutation. `keys` are the local records it changed (`customers:<id>`), for rebase. */
export interface OutboxEntry {
  localId?: number;
  clientId: string;
  mutationId: number;
  name: MutationName;
  args: Record<string, unknown>;
  /** Client time of the change (ms since epoch); sent as the mutation's `timestamp`. */
  createdAt: number;
  /** 'pushed' = the server processed it; it stays until a pull acknowledges it. */
  status: 'pending' | 'pushed';
  keys: string[];
  /**
   * The sync protocol version the args were written in (shared-types `sync-protocol.ts`). An
   * update can leave entries of an older build in the outbox; they are upcast when pushed.
   * Entries older than schema version 3 were stamped 1 by its upgrade.
   */
  protocolVersion?: number;
}

/** The last server row of a record with pending local changes (null: not on the server yet). */
export interface ServerCopy {
  key: string;
  entity: LocalEntity;
  id: string;
  row: unknown;
}

/** A mutation the server refused, with its reason; the user can discard or retry it. */
export interface RejectionRow {
  mutationId: number;
  name: string;
  /** The mutation's arguments when still known (needed for retry). */
  args: Record<string, unknown> | null;
  statusCode: number;
  message: string;
  createdAt: string;
}

export interface MetaRow {
  key: MetaKey;
  value: unknown;
}

export type MetaKey =
  | 'cursor'
  | 'clientId'
  | 'clientGroupId'
  | 'nextMutationId'
  | 'tenant'
  | 'lastSyncedAt'
  | 'lastRejectionId'
  | 'userId'
  | 'companyLogo'
  | 'deviceName';

/**
 * Schema versions, oldest first. Append a new entry for every change (Dexie keeps the data of
 * tables it is not told to delete); never set `outbox` (or `meta`) to null: unsynced changes must
 * survive every upgrade.
 */
export const SCHEMA_VERSIONS: {
  version: number;
  stores: Record<string, string | null>;
  /**
   * Rewrites kept rows, or fills what the version adds from them (Dexie runs it once, in the
   * upgrade transaction, when a device opens the new build).
   */
  upgrade?: (tx: Transaction) => Promise<void>;
}[] = [
  {
    version: 1,
    stores: {
      currencies: 'id, code',
      customers: 'id, name, email',
      contacts: 'id, customerId, name, email',
      products: 'id, name, sku, currencyCode',
      quotes: 'id, createdAt, customerId, status, quoteNumber',
      orders: 'id, createdAt, customerId, status, quoteId',
      invoices: 'id, createdAt, customerId, status, orderId',
      conflicts: 'id, entityId, createdAt',
      _server: 'key',
      outbox: '++localId, &[clientId+mutationId], mutationId, status, *keys',
      meta: 'key',
      rejections: 'mutationId, createdAt',
    },
  },
  {
    // Issue 19: payments, and invoices by due date (the overdue filter and sort).
    version: 2,
    stores: {
      outbox: '++localId, &[clientId+mutationId], mutationId, status, *keys',
      meta: 'key',
      invoices: 'id, createdAt, customerId, status, orderId, dueDate',
      payments: 'id, invoiceId, paidOn',
    },
  },
  {
    // Issue 22: every outbox entry says which protocol version its args were written in. Those
    // queued before were written by protocol 1 builds or by version 2 builds whose args the
    // version 1 upcasters leave as they are (spec names only), so they are stamped 1.
    version: 3,
    stores: {
      outbox: '++localId, &[clientId+mutationId], mutationId, status, *keys',
      meta: 'key',
    },
    upgrade: async (tx) => {
      await tx
        .table<OutboxEntry>('outbox')
        .toCollection()
        .modify((entry) => {
          entry.protocolVersion ??= UNVERSIONED_PROTOCOL;
        });
    },
  },
  {
    // Issue 20: compact summaries of quotes, invoices and payments for the dashboard (see
    // summaries.ts), filled here from the rows already stored.
    version: 4,
    stores: {
      outbox: '++localId, &[clientId+mutationId], mutationId, status, *keys',
      meta: 'key',
      summaries: 'key',
    },
    upgrade: fillSummaries,
  },
  {
    // Issue 33: the tenant's tax rates, offered by the document editors offline.
    version: 5,
    stores: {
      outbox: '++localId, &[clientId+mutationId], mutationId, status, *keys',
      meta: 'key',
      tax_rates: 'id, name',
    },
  },
  {
    // Issue 33 item 7: credit notes, listed newest first and per invoice.
    version: 6,
    stores: {
      outbox: '++localId, &[clientId+mutationId], mutationId, status, *keys',
      meta: 'key',
      credit_notes: 'id, createdAt, invoiceId, customerId',
    },
  },
  {
    // Issue 36: recurring profiles (listed by customer, status and next date), and the invoices
    // each one made.
    version: 7,
    stores: {
      outbox: '++localId, &[clientId+mutationId], mutationId, status, *keys',
      meta: 'key',
      recurring_profiles: 'id, createdAt, customerId, status, startDate',
      invoices: 'id, createdAt, customerId, status, orderId, dueDate, recurringProfileId',
    },
  },
];

export class SmbDatabase extends Dexie {
  currencies!: EntityTable<CurrencyRow, 'id'>;
  customers!: EntityTable<CustomerRow, 'id'>;
  contacts!: EntityTable<ContactRow, 'id'>;
  products!: EntityTable<ProductRow, 'id'>;
  tax_rates!: EntityTable<TaxRateRow, 'id'>;
  quotes!: EntityTable<QuoteRow, 'id'>;
  orders!: EntityTable<OrderRow, 'id'>;
  invoices!: EntityTable<InvoiceRow, 'id'>;
  payments!: EntityTable<PaymentRow, 'id'>;
  credit_notes!: EntityTable<CreditNoteRow, 'id'>;
  recurring_profiles!: EntityTable<RecurringProfileRow, 'id'>;
  conflicts!: EntityTable<ConflictRow, 'id'>;
  _server!: EntityTable<ServerCopy, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'localId'>;
  meta!: EntityTable<MetaRow, 'key'>;
  rejections!: EntityTable<RejectionRow, 'mutationId'>;
  /** Written only by the summary middleware (and the upgrade that adds it); read by the dashboard. */
  summaries!: EntityTable<SummaryBucket, 'key'>;

  /** `versions`: the schema history to declare (tests open a database at an older or newer one). */
  constructor(
    name: string,
    options?: ConstructorParameters<typeof Dexie>[1],
    versions: typeof SCHEMA_VERSIONS = SCHEMA_VERSIONS,
  ) {
    super(name, options);
    for (const { version, stores, upgrade } of versions) {
      const declared = this.version(version).stores(stores);
      if (upgrade) declared.upgrade(upgrade);
    }
    this.use(summaryMiddleware);
    this.on('ready', () => this.rebuildMissingSummaries());
  }

  /** The table holding one synced entity. */
  entityTable(entity: SyncEntity): Table<{ id: string }, string> {
    return this.table(entity);
  }

  /**
   * Rows written around Dexie (straight into IndexedDB, so without the summary middleware) by a
   * store that has no summaries at all: fill them on open, as the schema upgrade does.
   */
  private async rebuildMissingSummaries(): Promise<void> {
    if (!this.tables.some((t) => t.name === SUMMARY_TABLE)) return;
    const tables = SUMMARISED_TABLES.map((t) => this.table(t));
    if ((await this.summaries.count()) > 0) return;
    if ((await Promise.all(tables.map((t) => t.count()))).every((n) => n === 0)) return;
    await this.transaction('rw', [this.summaries, ...tables], (tx) => fillSummaries(tx));
  }

  /** Every table: a local write or a pull page is one transaction over all of them. */
  get allTables(): Table[] {
    return this.tables;
  }
}

/** One database per tenant and user, so two accounts never see each other's data. */
export function databaseName(tenantId: string, userId: string): string {
  return `smb-${tenantId}-${userId}`;
}

export function openDatabase(tenantId: string, userId: string): SmbDatabase {
  return new SmbDatabase(databaseName(tenantId, userId));
}

export function recordKey(entity: LocalEntity, id: string): string {
  return `${entity}:${id}`;
}
