/**
 * The e-invoice input of a stored credit note: its lines, adjustments and reason, with the
 * invoice it corrects (BT-25, BT-26). The server feeds it the API credit note, the device its
 * local row; both then go through `eInvoiceSourceOf`, so both write the same XML.
 */
import { dec } from '../decimal';
import type {
  EInvoiceAdjustmentInput,
  EInvoiceDocumentInput,
  EInvoiceItemInput,
} from './from-document';

type Text = string | null | undefined;

/** A credit note's line: an invoice line's amounts and tax, its product named as stored. */
export interface CreditNoteEInvoiceLine extends Omit<EInvoiceItemInput, 'name' | 'sku'> {
  productId: string | null;
  productName: string;
  productSku?: Text;
}

export interface CreditNoteEInvoiceInput {
  /** null: made offline and not numbered yet. */
  creditNoteNumber: string | null;
  issueDate: string;
  currencyCode: string;
  reason: string;
  pricesIncludeTax: boolean;
  adjustments: EInvoiceAdjustmentInput[];
  items: CreditNoteEInvoiceLine[];
}

/** The invoice a credit note corrects, as the credit note's e-invoice names it. */
export interface CorrectedInvoiceInput {
  invoiceNumber: string | null;
  issueDate?: Text;
  orderNumber?: Text;
}

/** A credit note's line as an e-invoice line: a free line's text is its name, as on the PDF. */
function creditLine(line: CreditNoteEInvoiceLine): EInvoiceItemInput {
  const free = !line.productId && !!line.description;
  return {
    ...line,
    name: free ? line.description! : line.productName,
    description: free ? null : line.description,
    sku: line.productSku,
  };
}

/** `eInvoiceSourceOf`'s document input for a credit note of `invoice`. */
export function creditNoteEInvoiceInput(
  creditNote: CreditNoteEInvoiceInput,
  invoice: CorrectedInvoiceInput,
): EInvoiceDocumentInput {
  const input: EInvoiceDocumentInput = {
    kind: 'creditNote',
    number: creditNote.creditNoteNumber ?? 'Draft',
    issueDate: creditNote.issueDate,
    currencyCode: creditNote.currencyCode,
    pricesIncludeTax: creditNote.pricesIncludeTax,
    items: creditNote.items.map(creditLine),
    adjustments: creditNote.adjustments.map((a) => ({ ...a, amount: dec(a.amount).toFixed(2) })),
    orderNumber: invoice.orderNumber,
    reason: creditNote.reason,
  };
  if (invoice.invoiceNumber)
    input.precedingInvoice = {
      number: invoice.invoiceNumber,
      ...(invoice.issueDate ? { issueDate: invoice.issueDate.slice(0, 10) } : {}),
    };
  return input;
}
