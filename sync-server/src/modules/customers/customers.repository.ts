import type { Selectable } from 'kysely';
import { isUuid, type CUSTOMER_IDENTITY_FIELDS, type ListQuery } from '@smb/shared-types';
import { prepared } from '../../db/prepared';
import { recordRows } from '../../db/records';
import type { TenantDb } from '../../db/tenant-database';
import { containingText, fetchPage, inNameOrder, type Page } from '../../db/query';
import { PARTY_IDENTITY_COLUMN_OF } from '../../db/tables/columns';
import type { CustomerTable } from '../../db/tables/customers.table';

export type CustomerRow = Selectable<CustomerTable>;

/** A customer's identity columns, by field (shared-types CUSTOMER_IDENTITY_FIELDS). */
export const CUSTOMER_IDENTITY_COLUMN_OF = {
  ...PARTY_IDENTITY_COLUMN_OF,
  country: 'country',
  buyerReference: 'buyer_reference',
} as const satisfies Record<(typeof CUSTOMER_IDENTITY_FIELDS)[number], keyof CustomerTable>;
const CUSTOMER_IDENTITY_COLUMNS = Object.values(CUSTOMER_IDENTITY_COLUMN_OF);

const rows = recordRows('customers');
export const insertCustomer = rows.insert;
export const updateCustomer = rows.update;
export const deleteCustomer = rows.remove;

/** The customer, or undefined for an unknown or malformed id (answered 404 alike). */
export async function findCustomer(
  db: TenantDb,
  id: string,
  forUpdate = false,
): Promise<CustomerRow | undefined> {
  if (!isUuid(id)) return undefined;
  if (!forUpdate) return (await customerById(db, id))[0];
  return db.selectFrom('customers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** GET /api/customers/{id}, the hottest read: compiled once per tenant, prepared by name. */
const customerById = prepared((db: TenantDb, id: string) =>
  db
    .selectFrom('customers')
    .select([
      'id',
      'name',
      'email',
      'phone_number',
      'address',
      'address2',
      'payment_terms',
      'document_language',
      'einvoice_format',
      ...CUSTOMER_IDENTITY_COLUMNS,
      'created_at',
      'version',
      'updated_at',
    ])
    .where('id', '=', id),
);

export async function listCustomers(db: TenantDb, filter: ListQuery): Promise<Page<CustomerRow>> {
  const base = db
    .selectFrom('customers')
    .$call(containingText(filter.q, ['name', 'email', 'phone_number', 'address']));
  return fetchPage(base, inNameOrder, filter);
}

export async function customerHasInvoices(db: TenantDb, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('customer_id', '=', customerId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What deleting the customer removes with it (the FKs cascade): contacts, quotes and orders. */
export async function dependentsOfCustomer(db: TenantDb, customerId: string) {
  const ids = async (table: 'contacts' | 'quotes' | 'orders') =>
    (await db.selectFrom(table).select('id').where('customer_id', '=', customerId).execute()).map(
      (r) => r.id,
    );
  return {
    contacts: await ids('contacts'),
    quotes: await ids('quotes'),
    orders: await ids('orders'),
  };
}
