import { useLiveQuery } from 'dexie-react-hooks';
import { useDatabase } from '../../../db/current';
import { displayNumber } from '../../../db/display';
import { useRow } from '../../../db/live';
import type { InvoiceRow } from '../../../db/types';

/** Invoice numbers by id, for the credit notes that reference them. */
export function useInvoiceNumbers(): Map<string, string> {
  const db = useDatabase();
  return (
    useLiveQuery(
      async () =>
        new Map(
          ((await db?.invoices.toArray()) ?? []).map((i: InvoiceRow) => [
            i.id,
            displayNumber(i.invoiceNumber),
          ]),
        ),
      [db],
    ) ?? new Map()
  );
}

/** One invoice, for a credit note's page. */
export function useCreditedInvoice(id: string | undefined): InvoiceRow | null | undefined {
  return useRow<InvoiceRow>((db) => db.invoices, id);
}
