import { Type, type Static } from 'typebox';
import { cents, dec } from './decimal';
import {
  documentTaxAmounts,
  type DocumentTaxAmounts,
  type ResolvedLine,
  type StoredAdjustment,
  type StoredBreakdownRow,
} from './document-lines';
import { compareMoney, roundMoney, subtractMoney, sumMoney } from './money';
import { OrNull, documentTaxFields, isLineQuantity, pricedLineFields } from './quotes';
import type { TaxCategory } from './tax-categories';

/**
 * Credit notes (issue 33 item 7): an issued invoice is corrected by crediting it, in full, by
 * chosen lines and quantities, or by an amount, with a reason. A credit note is issued when it is
 * made (it never changes), has its own gapless numbers (CN-0001), and lowers the invoice's amount
 * due; what the customer paid beyond the new amount due is refunded (a negative payment).
 */
export const CREDIT_NOTE_KINDS = ['full', 'lines', 'amount'] as const;
export type CreditNoteKind = (typeof CREDIT_NOTE_KINDS)[number];

export const CREDIT_NOTE_KIND_LABELS: Record<CreditNoteKind, string> = {
  full: 'Credit in full',
  lines: 'Chosen lines',
  amount: 'An amount',
};

export const MAX_CREDIT_REASON_LENGTH = 500;

export const CREDIT_NOTE_MESSAGES = {
  notFound: 'Credit note not found',
  reasonRequired: 'Enter the reason for the credit note',
  reasonTooLong: `The reason can be at most ${MAX_CREDIT_REASON_LENGTH} characters`,
  invalidKind: 'Choose how to credit the invoice: in full, chosen lines, or an amount',
  draft: 'Only an issued invoice can be credited; a draft invoice can still be edited or cancelled',
  nothingLeft: 'Nothing is left to credit on this invoice',
  noLines: 'Choose at least one line and a quantity to credit',
  unknownLine: 'A chosen line is not on this invoice',
  lineQuantity: (name: string, left: number) =>
    `At most ${left} of “${name}” can still be credited`,
  amountPositive: 'Enter an amount above zero, in cents at most',
  amountTooLarge: (left: string) => `At most ${left} can still be credited on this invoice`,
  exists: 'A credit note with this id already exists',
  /** The note of a refund's payment (its id is the credit note's). */
  refundNote: 'Refund with a credit note',
} as const;

export const CreditNoteLineChoice = Type.Object({
  invoiceItemId: Type.String({ maxLength: 64 }),
  quantity: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 }),
});
export type CreditNoteLineChoice = Static<typeof CreditNoteLineChoice>;

/** POST /api/invoices/{id}/credit-notes and the `creditNote.create` mutation. */
export const CreditNoteCreateBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  kind: Type.String({ maxLength: 10 }),
  reason: Type.String({ maxLength: 2000 }),
  /** kind 'lines': which invoice lines and how many of each. */
  lines: Type.Optional(Type.Array(CreditNoteLineChoice, { maxItems: 500 })),
  /** kind 'amount': the amount credited, tax included. */
  amount: Type.Optional(Type.Number()),
});
export type CreditNoteCreateBody = Static<typeof CreditNoteCreateBody>;

const DateTime = Type.String({ format: 'date-time' });

export const CreditNoteItem = Type.Object({
  id: Type.String(),
  /** The invoice line it credits; null for an amount credit's lines. */
  invoiceItemId: OrNull(Type.String()),
  productId: OrNull(Type.String()),
  productName: Type.String(),
  productSku: OrNull(Type.String()),
  ...pricedLineFields,
});
export type CreditNoteItem = Static<typeof CreditNoteItem>;

export const CreditNote = Type.Object({
  id: Type.String(),
  creditNoteNumber: Type.String(),
  invoiceId: Type.String(),
  invoice: Type.Object({ invoiceNumber: Type.String() }),
  customerId: Type.String(),
  customer: Type.Object({ name: Type.String(), email: Type.String() }),
  kind: Type.String(),
  reason: Type.String(),
  currencyCode: Type.String(),
  items: Type.Array(CreditNoteItem),
  subtotal: Type.Number(),
  taxAmount: Type.Number(),
  total: Type.Number(),
  ...documentTaxFields,
  /** Paid back to the customer with this credit note (a negative payment on the invoice). */
  refundAmount: Type.Number(),
  /** 'YYYY-MM-DD'. */
  issueDate: Type.String(),
  createdAt: DateTime,
  emailedAt: OrNull(DateTime),
  emailedTo: OrNull(Type.String()),
  version: Type.String(),
  updatedAt: DateTime,
});
export type CreditNote = Static<typeof CreditNote>;

export class CreditNoteRuleError extends Error {}

/** An invoice line as the credit rules need it, with how much of it was credited before. */
export interface CreditableLine {
  id: string;
  productId: string | null;
  productName: string;
  productSku: string | null;
  description: string;
  quantity: number;
  unitPrice: string | number;
  unitCode: string;
  taxRateId: string | null;
  taxCategory: TaxCategory;
  taxRate: string | number;
  discountKind: 'percent' | 'amount' | null;
  discountValue: string | number | null;
  creditedQuantity: number;
}

export interface CreditableInvoice {
  total: string | number;
  creditedAmount: string | number;
  amountPaid: string | number;
  pricesIncludeTax: boolean;
  adjustments: StoredAdjustment[];
  taxBreakdown: StoredBreakdownRow[];
  /** The invoice's tax rate, for an invoice without a breakdown. */
  taxRate: string | number;
  items: CreditableLine[];
  /** Whether an earlier credit note exists (a full credit then credits what is left, by amount). */
  credited: boolean;
}

/** A credit note's line, its amounts filled (amounts as 2-decimal strings). */
export interface CreditLine extends Omit<ResolvedLine, 'matchId'> {
  invoiceItemId: string | null;
  subtotal: string;
  discountAmount: string;
  lineTotal: string;
}

export interface BuiltCreditNote {
  /** As asked; a full credit after an earlier one credits what is left as an amount. */
  kind: CreditNoteKind;
  pricesIncludeTax: boolean;
  adjustments: StoredAdjustment[];
  lines: CreditLine[];
  amounts: Omit<DocumentTaxAmounts, 'lines'>;
  /** What goes back to the customer (≥ 0): paid beyond the new amount due. */
  refund: string;
  /** The invoice's credited amount afterwards. */
  creditedAmount: string;
}

/** What can still be credited on an invoice (total − credited). */
export const creditableAmount = (invoice: Pick<CreditableInvoice, 'total' | 'creditedAmount'>) =>
  subtractMoney(invoice.total, invoice.creditedAmount);

/** The request's shape and reason: the first problem, or null. */
export function creditNoteInputError(input: {
  kind: string;
  reason: string;
  lines?: CreditNoteLineChoice[];
  amount?: number;
}): string | null {
  if (!(CREDIT_NOTE_KINDS as readonly string[]).includes(input.kind))
    return CREDIT_NOTE_MESSAGES.invalidKind;
  const reason = input.reason.trim();
  if (!reason) return CREDIT_NOTE_MESSAGES.reasonRequired;
  if (reason.length > MAX_CREDIT_REASON_LENGTH) return CREDIT_NOTE_MESSAGES.reasonTooLong;
  if (input.kind === 'lines' && !input.lines?.length) return CREDIT_NOTE_MESSAGES.noLines;
  if (input.kind === 'amount') {
    const a = input.amount;
    if (
      typeof a !== 'number' ||
      !Number.isFinite(a) ||
      a <= 0 ||
      roundMoney(a) !== dec(a).toFixed(2)
    )
      return CREDIT_NOTE_MESSAGES.amountPositive;
  }
  return null;
}

const fix = (value: string | number | null) => (value === null ? null : dec(value).toFixed(2));

function creditedLine(
  line: CreditableLine,
  quantity: number,
): Omit<CreditLine, 'subtotal' | 'discountAmount' | 'lineTotal'> {
  // An amount discount goes with the share of the quantity credited; a percentage stays.
  const discountValue =
    line.discountKind === 'amount' && line.discountValue !== null
      ? cents(dec(line.discountValue).times(quantity).dividedBy(line.quantity)).toFixed(2)
      : fix(line.discountValue);
  return {
    invoiceItemId: line.id,
    productId: line.productId,
    productName: line.productName,
    productSku: line.productSku,
    description: line.description,
    quantity,
    unitPrice: dec(line.unitPrice).toFixed(2),
    unitCode: line.unitCode,
    taxRateId: line.taxRateId,
    taxCategory: line.taxCategory,
    taxRate: dec(line.taxRate).toString(),
    discountKind: line.discountKind,
    discountValue,
  };
}

/** An amount, tax included, shared over the invoice's tax groups as the invoice's total is. */
function amountLines(
  invoice: CreditableInvoice,
  amount: string,
  reason: string,
): Omit<CreditLine, 'subtotal' | 'discountAmount' | 'lineTotal'>[] {
  const groups: StoredBreakdownRow[] = invoice.taxBreakdown.length
    ? invoice.taxBreakdown
    : [
        {
          category: dec(invoice.taxRate).isZero() ? 'Z' : 'S',
          rate: Number(invoice.taxRate),
          taxableAmount: Number(invoice.total),
          taxAmount: 0,
        },
      ];
  const gross = groups.map((g) => dec(g.taxableAmount).plus(g.taxAmount));
  const whole = gross.reduce((a, b) => a.plus(b), dec(0));
  let left = dec(amount);
  return groups
    .map((g, i) => {
      const share =
        i === groups.length - 1 || whole.isZero()
          ? left
          : cents(dec(amount).times(gross[i]!).dividedBy(whole));
      left = left.minus(share);
      return {
        invoiceItemId: null,
        productId: null,
        productName: reason,
        productSku: null,
        description: '',
        quantity: 1,
        unitPrice: share.toFixed(2),
        unitCode: 'C62',
        taxRateId: null,
        taxCategory: g.category,
        taxRate: dec(g.rate).toString(),
        discountKind: null,
        discountValue: null,
      };
    })
    .filter((l) => !dec(l.unitPrice).isZero());
}

function withAmounts(
  lines: Omit<CreditLine, 'subtotal' | 'discountAmount' | 'lineTotal'>[],
  adjustments: StoredAdjustment[],
  pricesIncludeTax: boolean,
) {
  const amounts = documentTaxAmounts(lines, adjustments, pricesIncludeTax);
  const { lines: lineAmounts, ...totals } = amounts;
  return {
    lines: lines.map((l, i) => ({ ...l, ...lineAmounts[i]! })),
    amounts: totals,
  };
}

/**
 * The credit note a request makes on an invoice, by the one arithmetic (`documentTaxAmounts`), or a
 * `CreditNoteRuleError` naming what is wrong. The server and the device both call it.
 */
export function buildCreditNote(
  invoice: CreditableInvoice,
  input: { kind: string; reason: string; lines?: CreditNoteLineChoice[]; amount?: number },
): BuiltCreditNote {
  const problem = creditNoteInputError(input);
  if (problem) throw new CreditNoteRuleError(problem);
  const left = creditableAmount(invoice);
  if (compareMoney(left, 0) <= 0) throw new CreditNoteRuleError(CREDIT_NOTE_MESSAGES.nothingLeft);
  const reason = input.reason.trim();
  const kind = input.kind as CreditNoteKind;
  let built: ReturnType<typeof withAmounts> | undefined;
  let pricesIncludeTax = invoice.pricesIncludeTax;
  let adjustments: StoredAdjustment[] = [];
  if (kind === 'full' && !invoice.credited) {
    // Everything, as invoiced: its lines, allowances and charges, by the same arithmetic.
    adjustments = invoice.adjustments;
    built = withAmounts(
      invoice.items.map((l) => creditedLine(l, l.quantity)),
      adjustments,
      pricesIncludeTax,
    );
    if (compareMoney(built.amounts.total, left) !== 0) built = undefined;
  }
  if (kind === 'lines') {
    const chosen = input.lines!.map((choice) => {
      const line = invoice.items.find((l) => l.id === choice.invoiceItemId.toLowerCase());
      if (!line) throw new CreditNoteRuleError(CREDIT_NOTE_MESSAGES.unknownLine);
      const remaining = dec(line.quantity).minus(line.creditedQuantity).toNumber();
      if (!isLineQuantity(choice.quantity) || choice.quantity > remaining)
        throw new CreditNoteRuleError(
          CREDIT_NOTE_MESSAGES.lineQuantity(line.productName, remaining),
        );
      return creditedLine(line, choice.quantity);
    });
    built = withAmounts(chosen, [], pricesIncludeTax);
  }
  if (!built) {
    // An amount (or what is left, for a full credit after an earlier one), tax included.
    const amount = kind === 'amount' ? roundMoney(input.amount!) : left;
    pricesIncludeTax = true;
    adjustments = [];
    if (compareMoney(amount, left) > 0)
      throw new CreditNoteRuleError(CREDIT_NOTE_MESSAGES.amountTooLarge(left));
    built = withAmounts(amountLines(invoice, amount, reason), [], true);
  }
  if (compareMoney(built.amounts.total, 0) <= 0)
    throw new CreditNoteRuleError(CREDIT_NOTE_MESSAGES.amountPositive);
  if (compareMoney(built.amounts.total, left) > 0)
    throw new CreditNoteRuleError(CREDIT_NOTE_MESSAGES.amountTooLarge(left));
  const creditedAmount = sumMoney([invoice.creditedAmount, built.amounts.total]);
  const due = subtractMoney(invoice.total, creditedAmount);
  const over = subtractMoney(invoice.amountPaid, due);
  return {
    kind,
    pricesIncludeTax,
    adjustments,
    lines: built.lines,
    amounts: built.amounts,
    refund: compareMoney(over, 0) > 0 ? over : '0.00',
    creditedAmount,
  };
}

/** Whether the invoice is credited in full (its status is then Cancelled). */
export const fullyCredited = (total: string | number, creditedAmount: string | number) =>
  compareMoney(creditedAmount, 0) > 0 && compareMoney(creditedAmount, total) >= 0;
