import { useLiveQuery } from 'dexie-react-hooks';
import { useDatabase } from '../../db/current';

/**
 * A readable name of a local record ('Acme Ltd', 'Q-0007'; a recurring profile by its customer's
 * name), null when unknown (live).
 */
export function useRecordLabel(table: string, id: string): string | null | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db || !db.tables.some((t) => t.name === table)) return null;
    const row = (await db.table(table).get(id)) as Record<string, unknown> | undefined;
    if (!row) return null;
    for (const key of ['name', 'code', 'quoteNumber', 'orderNumber', 'invoiceNumber'])
      if (typeof row[key] === 'string' && row[key]) return row[key];
    // A recurring profile has no name or number of its own: its customer names it.
    if (table === 'recurring_profiles' && typeof row.customerId === 'string')
      return (await db.customers.get(row.customerId))?.name || null;
    return null;
  }, [db, table, id]);
}
