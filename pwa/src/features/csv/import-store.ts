import { CONTACT_PERSON_MESSAGES } from '@smb/shared-types/contacts';
import { CUSTOMER_MESSAGES } from '@smb/shared-types/customers';
import { PRODUCT_MESSAGES } from '@smb/shared-types/products';
import type { SmbDatabase } from '../../db/database';
import { newId } from '../../db/meta';
import { mutateAll } from '../../sync/mutate';
import { queueUpdate } from '../../sync/update-args';
import type { ImportKind } from './fields';
import type { ImportLookups, PreparedRow, StoredValues } from './prepare';

/** Reads what the preview compares the file with, from the local store (offline too). */
export async function loadImportLookups(db: SmbDatabase): Promise<ImportLookups> {
  const [customers, contacts, products, currencies] = await Promise.all([
    db.customers.toArray(),
    db.contacts.toArray(),
    db.products.toArray(),
    db.currencies.toArray(),
  ]);
  const customersByName = new Map<string, string[]>();
  for (const c of customers) {
    const key = c.name.toLowerCase();
    customersByName.set(key, [...(customersByName.get(key) ?? []), c.id]);
  }
  return {
    customersByEmail: new Map(customers.map((c) => [c.email.toLowerCase(), c.id])),
    customersByName,
    contactsByEmail: new Map(contacts.map((c) => [c.email.toLowerCase(), c.id])),
    productsBySku: new Map(
      products.filter((p) => p.sku).map((p) => [p.sku!.toLowerCase(), p.id] as const),
    ),
    currencyCodes: new Set(currencies.map((c) => c.code.toUpperCase())),
    defaultCurrency: currencies.find((c) => c.isDefault)?.code ?? null,
  };
}

export type DuplicateChoice = 'skip' | 'update';

export interface SkippedRow {
  line: number;
  reasons: string[];
  cells: string[];
}

export interface ImportSummary {
  created: number;
  updated: number;
  skipped: SkippedRow[];
}

export const SKIP_REASONS = {
  duplicate: 'Already exists (skipped as chosen)',
  unchanged: 'Already exists with the same values',
} as const;

/** Rows written per local transaction: big enough to be fast, small enough to show progress. */
export const IMPORT_BATCH_SIZE = 250;

const text = (v: StoredValues[string] | undefined) =>
  v === null || v === undefined ? null : String(v);

/** A company's or a person's name, e-mail and phone, from the row's values under these keys. */
const party = (v: StoredValues, name = 'name', email = 'email', phoneNumber = 'phoneNumber') => ({
  name: String(v[name]),
  email: String(v[email]),
  phoneNumber: text(v[phoneNumber]),
});

type CreateMutation = Parameters<typeof mutateAll>[1][number];

/** The `<kind>.create` mutation of one row. */
function createMutation(kind: ImportKind, v: StoredValues): CreateMutation {
  if (kind === 'customers') {
    return {
      name: 'customer.create',
      args: {
        id: newId(),
        ...party(v),
        address: text(v.address),
        address2: text(v.address2),
        ...(v.paymentTerms ? { paymentTerms: String(v.paymentTerms) } : {}),
        ...(v.mainContactName !== null
          ? {
              mainContact: {
                id: newId(),
                ...party(v, 'mainContactName', 'mainContactEmail', 'mainContactPhoneNumber'),
              },
            }
          : {}),
      },
    };
  }
  if (kind === 'contacts') {
    return {
      name: 'contact.create',
      args: {
        id: newId(),
        customerId: String(v.customerId),
        ...party(v),
        role: text(v.role),
      },
    };
  }
  return {
    name: 'product.create',
    args: {
      id: newId(),
      name: String(v.name),
      sku: text(v.sku),
      price: Number(v.price),
      currencyCode: String(v.currencyCode),
      cost: v.cost === null ? null : Number(v.cost),
      stock: v.stock === null ? null : Number(v.stock),
      category: text(v.category),
      supplier: text(v.supplier),
      description: text(v.description),
    },
  };
}

const UPDATABLE = {
  customers: ['name', 'email', 'phoneNumber', 'address', 'address2', 'paymentTerms'],
  contacts: ['customerId', 'name', 'phoneNumber', 'role'],
  products: [
    'name',
    'sku',
    'price',
    'currencyCode',
    'cost',
    'stock',
    'category',
    'supplier',
    'description',
  ],
} as const;

const UPDATE = {
  customers: ['customer.update', CUSTOMER_MESSAGES.notFound],
  contacts: ['contact.update', CONTACT_PERSON_MESSAGES.notFound],
  products: ['product.update', PRODUCT_MESSAGES.notFound],
} as const;

/**
 * Queues an update of the fields the file gives (a column left unmapped keeps its value; the
 * main contact of a customer is not changed); false when nothing differs.
 */
function updateOne(db: SmbDatabase, kind: ImportKind, id: string, row: PreparedRow) {
  const input: Record<string, unknown> = {};
  for (const key of UPDATABLE[kind] as readonly string[])
    if (row.given.includes(key)) input[key] = row.values[key];
  const [name, notFound] = UPDATE[kind];
  return queueUpdate(db, name, kind, id, input, notFound);
}

/**
 * Writes the valid rows through the outbox as ordinary mutations (`customer.create`,
 * `product.update`, …), one local transaction per batch, so sync pushes them like any other
 * change. Invalid rows, and duplicates when the user chose to skip them, are skipped with their
 * reasons.
 */
export async function importRows(
  db: SmbDatabase,
  kind: ImportKind,
  rows: PreparedRow[],
  duplicates: DuplicateChoice,
  onProgress: (done: number, total: number) => void = () => {},
  batchSize = IMPORT_BATCH_SIZE,
): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, updated: 0, skipped: [] };
  const skip = (row: PreparedRow, reasons: string[]) =>
    summary.skipped.push({ line: row.line, reasons, cells: row.cells });
  onProgress(0, rows.length);
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    await db.transaction('rw', db.allTables, async () => {
      const creates: CreateMutation[] = [];
      for (const row of batch) {
        if (row.status === 'invalid') skip(row, row.reasons);
        else if (row.status === 'new') creates.push(createMutation(kind, row.values));
        else if (duplicates === 'skip') skip(row, [SKIP_REASONS.duplicate]);
        // Deleted since the preview (e.g. by a sync): it is new again.
        else if (!(await db.entityTable(kind).get(row.existingId!)))
          creates.push(createMutation(kind, row.values));
        else if (await updateOne(db, kind, row.existingId!, row)) summary.updated += 1;
        else skip(row, [SKIP_REASONS.unchanged]);
      }
      await mutateAll(db, creates);
      summary.created += creates.length;
    });
    onProgress(Math.min(start + batchSize, rows.length), rows.length);
    // Lets the progress bar paint between batches.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return summary;
}
