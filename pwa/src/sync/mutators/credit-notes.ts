import {
  CREDIT_NOTE_MESSAGES,
  CreditNoteRuleError,
  buildCreditNote,
  type BuiltCreditNote,
} from '@smb/shared-types/credit-notes';
import { INVOICE_MESSAGES } from '@smb/shared-types/invoices';
import { compareMoney, subtractMoney, toMoneyNumber } from '@smb/shared-types/money';
import { settledStatus, today } from '@smb/shared-types/payments';
import type { CreditNoteRow, InvoiceRow } from '../../db/types';
import type { LocalWriter } from '../local-writer';
import type { CreditNoteCreateArgs } from '../mutation-args';

const num = (value: string | null) => (value === null ? null : Number(value));

/** The invoice's earlier credit notes on this device. */
async function creditNotesOf(
  w: Pick<LocalWriter, 'get' | 'db'>,
  invoiceId: string,
): Promise<CreditNoteRow[]> {
  const stored = await w.db.credit_notes.where('invoiceId').equals(invoiceId).toArray();
  const rows = await Promise.all(stored.map((r) => w.get('credit_notes', r.id)));
  return rows.filter((r): r is CreditNoteRow => r !== undefined);
}

type Reader = Pick<LocalWriter, 'get' | 'db'>;

/** A refusal as the server gives it (Sync issues), or the credit note the request makes. */
export type CreditNotePlan =
  | { refusal: { statusCode: number; message: string } }
  | { refusal: null; invoice: InvoiceRow; built: BuiltCreditNote };

/** The server's rules and arithmetic (credit-notes.service.ts), on this device's rows. */
export async function planCreditNote(w: Reader, a: CreditNoteCreateArgs): Promise<CreditNotePlan> {
  const invoice = await w.get('invoices', a.invoiceId);
  if (!invoice) return { refusal: { statusCode: 404, message: INVOICE_MESSAGES.notFound } };
  if (!invoice.issuedAt)
    return { refusal: { statusCode: 409, message: CREDIT_NOTE_MESSAGES.draft } };
  const earlier = await creditNotesOf(w, invoice.id);
  const credited = new Map<string, number>();
  for (const note of earlier)
    for (const line of note.items)
      if (line.invoiceItemId)
        credited.set(line.invoiceItemId, (credited.get(line.invoiceItemId) ?? 0) + line.quantity);
  try {
    const built = buildCreditNote(
      {
        total: invoice.total,
        creditedAmount: invoice.creditedAmount ?? 0,
        amountPaid: invoice.amountPaid ?? 0,
        pricesIncludeTax: invoice.pricesIncludeTax ?? false,
        adjustments: invoice.adjustments ?? [],
        taxBreakdown: invoice.taxBreakdown ?? [],
        taxRate: invoice.taxRate,
        credited: earlier.length > 0,
        items: invoice.items.map((i) => ({
          id: i.id,
          productId: i.productId,
          productName: i.productName,
          productSku: i.productSku,
          description: i.description ?? '',
          quantity: i.quantity,
          unitPrice: i.unitPrice,
          unitCode: i.unitCode ?? 'C62',
          taxRateId: i.taxRateId ?? null,
          taxCategory: i.taxCategory ?? (invoice.taxRate > 0 ? 'S' : 'Z'),
          taxRate: i.taxRate ?? invoice.taxRate,
          discountKind: i.discountKind ?? null,
          discountValue: i.discountValue ?? null,
          creditedQuantity: credited.get(i.id) ?? 0,
        })),
      },
      a,
    );
    return { refusal: null, invoice, built };
  } catch (err) {
    if (!(err instanceof CreditNoteRuleError)) throw err;
    const statusCode = err.message === CREDIT_NOTE_MESSAGES.nothingLeft ? 409 : 400;
    return { refusal: { statusCode, message: err.message } };
  }
}

/**
 * A credit note as the server makes it (credit-notes.service.ts, the same `buildCreditNote`): the
 * invoice's credited amount and status follow at once, offline too, and what was paid beyond the
 * new amount due is refunded (a negative payment, its id the credit note's). A refused request is
 * left alone here and explained by the server's rejection; the dialog checks it before queueing.
 */
export async function creditNoteCreate(w: LocalWriter, a: CreditNoteCreateArgs): Promise<void> {
  if (await w.get('credit_notes', a.id)) return;
  const plan = await planCreditNote(w, a);
  if (plan.refusal) return;
  const { invoice, built } = plan;
  const t = built.amounts;
  await w.put('credit_notes', {
    id: a.id,
    creditNoteNumber: null,
    invoiceId: invoice.id,
    customerId: invoice.customerId,
    customerName: invoice.customerName,
    customerEmail: invoice.customerEmail,
    kind: built.kind,
    reason: a.reason.trim(),
    currencyCode: invoice.currencyCode.trim(),
    subtotal: toMoneyNumber(t.subtotal),
    taxAmount: toMoneyNumber(t.taxAmount),
    total: toMoneyNumber(t.total),
    pricesIncludeTax: built.pricesIncludeTax,
    adjustments: built.adjustments,
    allowanceTotal: toMoneyNumber(t.allowanceTotal),
    chargeTotal: toMoneyNumber(t.chargeTotal),
    roundingAmount: toMoneyNumber(t.roundingAmount),
    taxBreakdown: t.taxBreakdown,
    refundAmount: toMoneyNumber(built.refund),
    issueDate: today(new Date(w.now)),
    emailedAt: null,
    emailedTo: null,
    createdAt: w.now,
    version: null,
    updatedAt: w.now,
    items: built.lines.map((l, position) => ({
      id: `${a.id}/${position}`,
      invoiceItemId: l.invoiceItemId,
      productId: l.productId,
      position,
      productName: l.productName,
      productSku: l.productSku,
      quantity: l.quantity,
      unitPrice: Number(l.unitPrice),
      subtotal: Number(l.subtotal),
      taxRateId: l.taxRateId,
      taxCategory: l.taxCategory,
      taxRate: Number(l.taxRate),
      discountKind: l.discountKind,
      discountValue: num(l.discountValue),
      discountAmount: Number(l.discountAmount),
      description: l.description,
      unitCode: l.unitCode,
      lineTotal: Number(l.lineTotal),
    })),
  });
  const after: InvoiceRow = { ...invoice, creditedAmount: toMoneyNumber(built.creditedAmount) };
  const refunded = compareMoney(built.refund, 0) > 0;
  const amountPaid = refunded
    ? subtractMoney(invoice.amountPaid ?? 0, built.refund)
    : String(invoice.amountPaid ?? 0);
  const status = settledStatus(after, amountPaid);
  await w.patch('invoices', invoice.id, {
    creditedAmount: after.creditedAmount,
    amountPaid: toMoneyNumber(amountPaid),
    status,
    paidAt: status === 'Paid' ? (invoice.paidAt ?? w.now) : null,
  });
  if (refunded)
    await w.put('payments', {
      id: a.id,
      invoiceId: invoice.id,
      amount: -toMoneyNumber(built.refund),
      paidOn: today(new Date(w.now)),
      method: 'other',
      reference: null,
      note: CREDIT_NOTE_MESSAGES.refundNote,
      createdBy: null,
      createdAt: w.now,
      version: null,
      updatedAt: w.now,
    });
}
