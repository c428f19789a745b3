import type { Insertable, Updateable } from 'kysely';
import { isUuid, type PaymentTerms } from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import type { InvoiceTable } from '../../db/tables/invoices.table';
import type { BillingSettingsTable, PaymentTable } from '../../db/tables/payments.table';

export async function findPayments(db: TenantDb, invoiceId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('paid_on')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export type PaymentRow = Awaited<ReturnType<typeof findPayments>>[number];

export async function findPayment(db: TenantDb, invoiceId: string, id: string) {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', id)
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
}

export async function insertPayment(trx: TenantDb, row: Insertable<PaymentTable>) {
  await trx.insertInto('payments').values(row).execute();
}

export async function deletePayment(trx: TenantDb, id: string) {
  await trx.deleteFrom('payments').where('id', '=', id).execute();
}

export async function billingSettings(db: TenantDb) {
  return db.selectFrom('billing_settings').selectAll().executeTakeFirstOrThrow();
}

export async function updateBillingSettings(trx: TenantDb, set: Updateable<BillingSettingsTable>) {
  const given = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
  if (Object.keys(given).length === 0) return;
  await trx.updateTable('billing_settings').set(given).execute();
}

/** The customer's own payment terms; null when the tenant's default applies. */
export async function termsOfCustomer(db: TenantDb, customerId: string) {
  const row = await db
    .selectFrom('customers')
    .select('payment_terms')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return (row?.payment_terms ?? null) as PaymentTerms | null;
}

/** The invoice a payment goes to, locked for the payment's transaction. */
export async function lockInvoice(trx: TenantDb, id: string) {
  if (!isUuid(id)) return undefined;
  return trx.selectFrom('invoices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The invoice's money columns after a payment was recorded or deleted. */
export async function settleInvoice(
  trx: TenantDb,
  id: string,
  set: Pick<
    Updateable<InvoiceTable>,
    'amount_paid' | 'status' | 'paid_at' | 'issued_at' | 'version' | 'updated_at'
  >,
) {
  await trx.updateTable('invoices').set(set).where('id', '=', id).execute();
}
