import type { Selectable } from 'kysely';
import { isUuid, type ListQuery } from '@smb/shared-types';
import { recordRows } from '../../db/records';
import { clearReferences } from '../../db/version';
import type { TenantDb } from '../../db/tenant-database';
import { containingText, fetchPage, inNameOrder, type Page } from '../../db/query';
import type { ContactTable } from '../../db/tables/contacts.table';

export type ContactRow = Selectable<ContactTable>;

const rows = recordRows('contacts');
export const findContact = rows.find;
export const insertContact = rows.insert;
export const updateContact = rows.update;

export async function listContacts(
  db: TenantDb,
  filter: ListQuery & { customerId?: string },
): Promise<Page<ContactRow>> {
  const base = db
    .selectFrom('contacts')
    .$if(filter.customerId !== undefined, (q) => q.where('customer_id', '=', filter.customerId!))
    .$call(containingText(filter.q, ['name', 'email', 'role', 'phone_number']));
  return fetchPage(base, inNameOrder, filter);
}

export async function contactIdsOfCustomer(db: TenantDb, customerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('contacts')
    .select('id')
    .where('customer_id', '=', customerId)
    .execute();
  return rows.map((r) => r.id);
}

/** Whether the customer exists (contacts belong to one). */
export async function customerExists(db: TenantDb, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/**
 * Detaches the contact from quotes, orders and invoices (their FKs would SET NULL silently) with a new
 * version, so sync clients see the change, then deletes it.
 */
export async function deleteContact(db: TenantDb, id: string, version: string): Promise<void> {
  const changed = { version, updated_at: new Date() };
  for (const table of ['quotes', 'orders', 'invoices'] as const)
    await clearReferences(db, table, 'contact_id', id, changed);
  await rows.remove(db, id);
}
