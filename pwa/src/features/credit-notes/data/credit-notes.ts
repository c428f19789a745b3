import { useLiveQuery } from 'dexie-react-hooks';
import { creditNoteInputError, type CreditNoteKind } from '@smb/shared-types/credit-notes';
import { INVOICE_MESSAGES } from '@smb/shared-types/invoices';
import { requireDatabase, useDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { useNewestFirst, useRow } from '../../../db/live';
import { displayNumber } from '../../../db/display';
import { NotFoundError, ValidationError, refuseProblem } from '../../../db/errors';
import { newId } from '../../../db/meta';
import type { CreditNoteRow } from '../../../db/types';
import { mutate } from '../../../sync/mutate';
import { planCreditNote } from '../../../sync/mutators/credit-notes';

export const creditNoteNumberLabel = (note: Pick<CreditNoteRow, 'creditNoteNumber'>) =>
  displayNumber(note.creditNoteNumber);

export interface CreditNoteInput {
  kind: CreditNoteKind;
  reason: string;
  lines?: { invoiceItemId: string; quantity: number }[];
  amount?: number;
}

/**
 * Credits an issued invoice (offline too): the rules and arithmetic the server runs are checked
 * here first, so a refused request shows its message at once instead of in Sync issues.
 * Answers the new credit note's id.
 */
export async function createCreditNote(
  invoiceId: string,
  input: CreditNoteInput,
  db: SmbDatabase = requireDatabase(),
): Promise<string> {
  refuseProblem(creditNoteInputError(input));
  const id = newId();
  const args = { id, invoiceId, ...input, reason: input.reason.trim() };
  await db.transaction('rw', db.allTables, async () => {
    if (!(await db.invoices.get(invoiceId))) throw new NotFoundError(INVOICE_MESSAGES.notFound);
    const plan = await planCreditNote(
      { db, get: (entity, key) => db.entityTable(entity).get(key) as never },
      args,
    );
    if (plan.refusal) throw new ValidationError(plan.refusal.message);
    await mutate(db, 'creditNote.create', args);
  });
  return id;
}

export function useCreditNotes(): CreditNoteRow[] | undefined {
  return useNewestFirst((db) => db.credit_notes);
}

/** An invoice's credit notes, oldest first. */
export function useInvoiceCreditNotes(invoiceId: string): CreditNoteRow[] | undefined {
  const db = useDatabase();
  return useLiveQuery(
    async () =>
      db ? await db.credit_notes.where('invoiceId').equals(invoiceId).sortBy('createdAt') : [],
    [db, invoiceId],
  );
}

export function useCreditNote(id: string | undefined): CreditNoteRow | null | undefined {
  return useRow<CreditNoteRow>((db) => db.credit_notes, id);
}
