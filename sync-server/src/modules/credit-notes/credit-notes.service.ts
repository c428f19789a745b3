import { randomUUID } from 'node:crypto';
import {
  CREDIT_NOTE_MESSAGES,
  CreditNoteRuleError,
  buildCreditNote,
  compareMoney,
  toMoneyNumber,
  today,
  type CreditNote,
  type CreditNoteCreateBody,
  type ListQuery,
} from '@smb/shared-types';
import { calendarDate } from '../../db/dates';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation, searchText, versionFields } from '../../db/query';
import { nextVersion } from '../../db/version';
import { badRequest, conflict } from '../../errors';
import { newDocumentId } from '../documents/document-lines';
import { documentReader, linesBy } from '../documents/document-reader';
import { documentTax, iso, lineFields } from '../documents/document-shape';
import { documentDay, nextDocumentNumber } from '../documents/documents.repository';
import { creditLockedInvoice, lockInvoiceWithItems } from '../invoices/invoice-changes.service';
import { getInvoice } from '../invoices/invoices.service';
import { recordRefund } from '../payments/payments.service';
import type { TenantScope } from '../tenant-scope';
import * as repo from './credit-notes.repository';

type ReadScope = Pick<TenantScope, 'db'>;
type LineRow = Awaited<ReturnType<typeof repo.findCreditNoteLines>>[number];

function toCreditNote(row: repo.CreditNoteRow, lines: LineRow[]): CreditNote {
  return {
    id: row.id,
    creditNoteNumber: row.credit_note_number,
    invoiceId: row.invoice_id,
    invoice: { invoiceNumber: row.invoice_number },
    customerId: row.customer_id,
    customer: { name: row.customer_name, email: row.customer_email },
    kind: row.kind,
    reason: row.reason,
    currencyCode: row.currency_code.trim(),
    items: lines.map((l) => ({
      id: l.id,
      invoiceItemId: l.invoice_item_id,
      productId: l.product_id,
      productName: l.product_name,
      productSku: l.product_sku,
      quantity: Number(l.quantity),
      unitPrice: toMoneyNumber(l.unit_price),
      subtotal: toMoneyNumber(l.subtotal),
      ...lineFields(l),
    })),
    subtotal: toMoneyNumber(row.subtotal),
    taxAmount: toMoneyNumber(row.tax_amount),
    total: toMoneyNumber(row.total),
    ...documentTax(row),
    refundAmount: toMoneyNumber(row.refund_amount),
    issueDate: calendarDate(row.issue_date),
    createdAt: iso(row.created_at)!,
    emailedAt: iso(row.emailed_at),
    emailedTo: row.emailed_to,
    ...versionFields(row),
  };
}

const reader = documentReader({
  rowsByIds: repo.findCreditNotesByIds,
  lines: linesBy(repo.findCreditNoteLines, 'credit_note_id'),
  toApi: toCreditNote,
  notFound: CREDIT_NOTE_MESSAGES.notFound,
});

/** The API credit note, or 404 (unknown, malformed, or another tenant's id). */
export const getCreditNote = (scope: ReadScope, id: string): Promise<CreditNote> =>
  reader.load(scope.db, id);

/** 404 unless the invoice is the tenant's. */
export async function assertInvoice(scope: ReadScope, invoiceId: string): Promise<void> {
  await getInvoice(scope, invoiceId);
}

/** GET /api/credit-notes (newest first), or an invoice's (GET /api/invoices/{id}/credit-notes). */
export async function listCreditNotes(
  scope: ReadScope,
  query: ListQuery & { invoiceId?: string },
): Promise<{ items: CreditNote[]; total: number }> {
  const { rows, total } = await repo.listCreditNotes(scope.db, { ...query, q: searchText(query) });
  return { items: await reader.withLines(scope.db, rows as repo.CreditNoteRow[]), total };
}

/**
 * POST /api/invoices/{id}/credit-notes, mutator `creditNote.create`: credits an issued invoice in
 * full, by chosen lines and quantities, or by an amount (`buildCreditNote`, the arithmetic the
 * device runs too). The credit note takes the next CN number and is issued at once; the invoice's
 * credited amount grows (in full: Cancelled), and what the customer paid beyond the new amount due
 * is refunded as a negative payment.
 */
export async function createCreditNote(
  scope: TenantScope,
  invoiceId: string,
  input: CreditNoteCreateBody,
): Promise<CreditNote> {
  return inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const { row, items } = await lockInvoiceWithItems(trx, invoiceId);
    if (row.issued_at === null) throw conflict(CREDIT_NOTE_MESSAGES.draft);
    const credited = await repo.creditedQuantities(trx, row.id);
    let built;
    try {
      built = buildCreditNote(
        {
          total: row.total,
          creditedAmount: row.credited_amount,
          amountPaid: row.amount_paid,
          pricesIncludeTax: row.prices_include_tax,
          adjustments: row.adjustments,
          taxBreakdown: row.tax_breakdown,
          taxRate: row.tax_rate,
          credited: (await repo.countCreditNotes(trx, row.id)) > 0,
          items: items.map((i) => ({
            id: i.id,
            productId: i.product_id,
            productName: i.product_name,
            productSku: i.product_sku,
            description: i.description,
            quantity: Number(i.quantity),
            unitPrice: i.unit_price,
            unitCode: i.unit_code,
            taxRateId: i.tax_rate_id,
            taxCategory: i.tax_category,
            taxRate: i.tax_rate,
            discountKind: i.discount_kind,
            discountValue: i.discount_value,
            creditedQuantity: credited.get(i.id) ?? 0,
          })),
        },
        input,
      );
    } catch (err) {
      if (!(err instanceof CreditNoteRuleError)) throw err;
      // Fully credited already: a conflict with the invoice's state; else the request is wrong.
      throw err.message === CREDIT_NOTE_MESSAGES.nothingLeft
        ? conflict(err.message)
        : badRequest(err.message);
    }
    const id = newDocumentId(input.id);
    const number = await nextDocumentNumber(trx, 'credit_note', documentDay(scope.tenant));
    const a = built.amounts;
    try {
      await repo.insertCreditNote(
        trx,
        {
          id,
          credit_note_number: number,
          invoice_id: row.id,
          customer_id: row.customer_id,
          customer_name: row.customer_name,
          customer_email: row.customer_email,
          kind: built.kind,
          reason: input.reason.trim(),
          currency_code: row.currency_code.trim(),
          subtotal: a.subtotal,
          tax_amount: a.taxAmount,
          total: a.total,
          prices_include_tax: built.pricesIncludeTax,
          adjustments: JSON.stringify(built.adjustments),
          allowance_total: a.allowanceTotal,
          charge_total: a.chargeTotal,
          rounding_amount: a.roundingAmount,
          tax_breakdown: JSON.stringify(a.taxBreakdown),
          refund_amount: built.refund,
          issue_date: today(),
          version,
          updated_at: new Date(),
        },
        built.lines.map((l, position) => ({
          id: randomUUID(),
          credit_note_id: id,
          invoice_item_id: l.invoiceItemId,
          product_id: l.productId,
          position,
          product_name: l.productName,
          product_sku: l.productSku,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          subtotal: l.subtotal,
          tax_rate_id: l.taxRateId,
          tax_category: l.taxCategory,
          tax_rate: l.taxRate,
          discount_kind: l.discountKind,
          discount_value: l.discountValue,
          discount_amount: l.discountAmount,
          description: l.description,
          unit_code: l.unitCode,
          line_total: l.lineTotal,
        })),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(CREDIT_NOTE_MESSAGES.exists);
      throw err;
    }
    const invoice = await creditLockedInvoice(trx, row, built.creditedAmount, version);
    if (compareMoney(built.refund, 0) > 0)
      await recordRefund(trx, scope, invoice, version, {
        // The credit note's id: a device that made it offline writes the same refund.
        id,
        amount: built.refund,
        note: CREDIT_NOTE_MESSAGES.refundNote,
      });
    return getCreditNote({ db: trx }, id);
  });
}
