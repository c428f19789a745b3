import {
  type PaymentTerms,
  INVOICE_MESSAGES,
  PAYMENT_MESSAGES,
  compareMoney,
  formatMoney,
  isIsoDate,
  isUuid,
  paymentAmountError,
  roundMoney,
  amountDue,
  settledStatus,
  subtractMoney,
  sumMoney,
  toMoneyNumber,
  today,
  type BillingSettings,
  type BillingSettingsUpdate,
  type Payment,
  type PaymentCreateBody,
  type PaymentMethod,
} from '@smb/shared-types';
import type { Selectable } from 'kysely';
import { calendarDate } from '../../db/dates';
import type { TenantDb } from '../../db/tenant-database';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation, versionFields } from '../../db/query';
import { badRequest, conflict, forbidden, orNotFound } from '../../errors';
import { addTombstones, nextVersion } from '../../db/version';
import { newDocumentId } from '../documents/document-lines';
import type { BillingSettingsTable } from '../../db/tables/payments.table';
import type { TenantScope } from '../tenant-scope';
import * as repo from './payments.repository';

type ReadScope = Pick<TenantScope, 'db'>;
type LockedInvoice = NonNullable<Awaited<ReturnType<typeof repo.lockInvoice>>>;

function toPayment(row: repo.PaymentRow): Payment {
  return {
    id: row.id,
    invoiceId: row.invoice_id,
    amount: toMoneyNumber(row.amount),
    paidOn: calendarDate(row.paid_on),
    method: row.method,
    reference: row.reference,
    note: row.note,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    ...versionFields(row),
  };
}

/** The invoice's new amount paid, status and paid date, written with `version`. */
async function settle(trx: TenantDb, invoice: LockedInvoice, amountPaid: string, version: string) {
  const status = settledStatus(
    { status: invoice.status, total: invoice.total, creditedAmount: invoice.credited_amount },
    amountPaid,
  );
  await repo.settleInvoice(trx, invoice.id, {
    amount_paid: amountPaid,
    status,
    paid_at: status === 'Paid' ? (invoice.status === 'Paid' ? invoice.paid_at : new Date()) : null,
    // A payment means the invoice went out: a draft is issued by its first payment.
    issued_at: invoice.issued_at ?? new Date(),
    version,
    updated_at: new Date(),
  });
}

/**
 * Records a payment on a locked invoice in the caller's transaction: refused on a cancelled
 * invoice, or above the balance (the message names the balance).
 */
export async function recordPayment(
  trx: TenantDb,
  scope: Pick<TenantScope, 'user'>,
  invoice: LockedInvoice,
  version: string,
  input: {
    id?: string;
    amount: string;
    paidOn: string;
    method: PaymentMethod;
    reference?: string | null;
    note?: string | null;
  },
): Promise<string> {
  if (invoice.status === 'Cancelled') throw conflict(PAYMENT_MESSAGES.cancelled);
  const balance = amountDue(invoice.total, invoice.amount_paid, invoice.credited_amount);
  if (compareMoney(input.amount, balance) > 0)
    throw conflict(PAYMENT_MESSAGES.overpaid(formatMoney(balance, invoice.currency_code.trim())));
  const id = newDocumentId(input.id);
  try {
    await repo.insertPayment(trx, {
      id,
      invoice_id: invoice.id,
      amount: input.amount,
      paid_on: input.paidOn,
      method: input.method,
      reference: input.reference?.trim() || null,
      note: input.note?.trim() || null,
      created_by: scope.user.id,
      version,
      updated_at: new Date(),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A payment with this id already exists');
    throw err;
  }
  await settle(trx, invoice, sumMoney([invoice.amount_paid, input.amount]), version);
  return id;
}

/**
 * A refund: what the customer paid beyond the amount due once a credit note lowered it, paid back
 * as a negative payment (method other, today, its note naming the credit note), in the caller's
 * transaction. `invoice` is the locked row with its new credited amount.
 */
export async function recordRefund(
  trx: TenantDb,
  scope: Pick<TenantScope, 'user'>,
  invoice: LockedInvoice,
  version: string,
  input: { id: string; amount: string; note: string },
): Promise<void> {
  await repo.insertPayment(trx, {
    id: input.id,
    invoice_id: invoice.id,
    amount: subtractMoney(0, input.amount),
    paid_on: today(),
    method: 'other',
    reference: null,
    note: input.note,
    created_by: scope.user.id,
    version,
    updated_at: new Date(),
  });
  await settle(trx, invoice, subtractMoney(invoice.amount_paid, input.amount), version);
}

async function lockedInvoice(trx: TenantDb, invoiceId: string) {
  return orNotFound(await repo.lockInvoice(trx, invoiceId), INVOICE_MESSAGES.notFound);
}

/** GET /api/invoices/{id}/payments: oldest first; 404 for an unknown invoice. */
export async function listPayments(scope: ReadScope, invoiceId: string): Promise<Payment[]> {
  const invoice = await existingInvoice(scope.db, invoiceId);
  return (await repo.findPayments(scope.db, invoice.id)).map(toPayment);
}

async function existingInvoice(db: TenantDb, invoiceId: string) {
  const row = isUuid(invoiceId)
    ? await db.selectFrom('invoices').select('id').where('id', '=', invoiceId).executeTakeFirst()
    : undefined;
  return orNotFound(row, INVOICE_MESSAGES.notFound);
}

/** POST /api/invoices/{id}/payments, mutator `payment.create`. */
export async function createPayment(
  scope: TenantScope,
  invoiceId: string,
  input: PaymentCreateBody,
): Promise<Payment> {
  const problem = paymentAmountError(input.amount);
  if (problem) throw badRequest(problem);
  const paidOn = input.paidOn ?? today();
  if (!isIsoDate(paidOn)) throw badRequest(PAYMENT_MESSAGES.invalidDate);
  return inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const invoice = await lockedInvoice(trx, invoiceId);
    const id = await recordPayment(trx, scope, invoice, version, {
      ...input,
      amount: roundMoney(input.amount),
      paidOn,
    });
    return toPayment(orNotFound(await repo.findPayment(trx, invoice.id, id), 'Payment not found'));
  });
}

/**
 * DELETE /api/invoices/{id}/payments/{paymentId}, mutator `payment.delete` (administrators): the
 * balance comes back and the status follows; clients drop the payment through its tombstone.
 */
export async function deletePayment(
  scope: TenantScope,
  invoiceId: string,
  paymentId: string,
): Promise<void> {
  if (!scope.user.is_tenant_admin) throw forbidden(PAYMENT_MESSAGES.deleteAdminOnly);
  await inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const invoice = await lockedInvoice(trx, invoiceId);
    const payment = orNotFound(
      await repo.findPayment(trx, invoice.id, paymentId),
      PAYMENT_MESSAGES.notFound,
    );
    await repo.deletePayment(trx, payment.id);
    await addTombstones(trx, 'payments', [payment.id], version);
    await settle(trx, invoice, subtractMoney(invoice.amount_paid, payment.amount), version);
  });
}

export async function getBillingSettings(scope: ReadScope): Promise<BillingSettings> {
  return billingSettingsOf(await repo.billingSettings(scope.db));
}

/** The billing_settings row as the API and the pull give it. */
export function billingSettingsOf(
  row: Pick<
    Selectable<BillingSettingsTable>,
    | 'default_payment_terms'
    | 'reminders_enabled'
    | 'reminder_first_days'
    | 'reminder_every_days'
    | 'reminder_max'
  >,
): BillingSettings {
  return {
    defaultPaymentTerms: row.default_payment_terms,
    remindersEnabled: row.reminders_enabled,
    reminderFirstDays: row.reminder_first_days,
    reminderEveryDays: row.reminder_every_days,
    reminderMax: row.reminder_max,
  };
}

/**
 * PUT /api/billing/settings and the `tenant.updateBilling` mutation (administrators): the default
 * terms of new invoices and the reminder policy; only the fields given change, so two devices'
 * edits of different fields both stay. A new tenant version tells every device to pull (the pull
 * carries the settings with the tenant).
 */
export async function updateBillingSettings(
  scope: TenantScope,
  input: BillingSettingsUpdate,
): Promise<BillingSettings> {
  if (!scope.user.is_tenant_admin) throw forbidden('Only tenant administrators can do this');
  return inTransaction(scope.db, async (trx) => {
    await nextVersion(trx);
    await repo.updateBillingSettings(trx, {
      default_payment_terms: input.defaultPaymentTerms,
      reminders_enabled: input.remindersEnabled,
      reminder_first_days: input.reminderFirstDays,
      reminder_every_days: input.reminderEveryDays,
      reminder_max: input.reminderMax,
    });
    return getBillingSettings({ db: trx });
  });
}

/** A new invoice's payment terms: the customer's own, else the tenant's default. */
export async function invoiceTermsFor(db: TenantDb, customerId: string): Promise<PaymentTerms> {
  return (
    (await repo.termsOfCustomer(db, customerId)) ??
    (await repo.billingSettings(db)).default_payment_terms
  );
}
