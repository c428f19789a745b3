import { useLiveQuery } from 'dexie-react-hooks';
import { timeZoneOf } from '@smb/shared-types/company';
import type { TaxedLine } from '@smb/shared-types/document-lines';
import { todayIn } from '@smb/shared-types/recurrence';
import {
  monthlyRecurringRevenue,
  upcomingInvoices,
  type MonthlyRevenue,
  type OutlookProfile,
  type UpcomingInvoice,
} from '@smb/shared-types/recurring-outlook';
import { useDatabase } from '../../../db/current';
import { getMeta } from '../../../db/meta';
import type { RecurringLineRow, RecurringProfileRow } from '../../../db/types';

/** A stored line as the one arithmetic reads it (a line pulled before per-line tax: 'S', 0 %). */
export const taxedLine = (l: RecurringLineRow): TaxedLine => ({
  quantity: l.quantity,
  unitPrice: l.unitPrice,
  taxCategory: l.taxCategory ?? 'S',
  taxRate: l.taxRate ?? 0,
  discountKind: l.discountKind ?? null,
  discountValue: l.discountValue ?? null,
});

/** A device row in the shape the dashboard figures read: its stored schedule, its lines. */
export function outlookProfile(row: RecurringProfileRow, customerName: string): OutlookProfile {
  return {
    ...row,
    customer: { name: customerName },
    items: row.items.filter((l) => !l.oneOff).map(taxedLine),
    extraItems: row.items.filter((l) => l.oneOff).map(taxedLine),
  };
}

export interface RecurringOutlookFigures {
  monthly: MonthlyRevenue[];
  upcoming: UpcomingInvoice[];
}

/**
 * The dashboard's recurring figures from the profiles on the device, on the company's calendar
 * day (its time zone, as the server makes the invoices); null while the company has no profile.
 */
export function useRecurringOutlook(): RecurringOutlookFigures | null | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db) return null;
    const rows = await db.recurring_profiles.toArray();
    if (rows.length === 0) return null;
    const customers = await db.customers.bulkGet(rows.map((r) => r.customerId));
    const tenant = await getMeta(db, 'tenant');
    const today = todayIn(timeZoneOf(tenant?.company), new Date());
    const profiles = rows.map((r, k) => outlookProfile(r, customers[k]?.name ?? ''));
    return {
      monthly: monthlyRecurringRevenue(profiles, today),
      upcoming: upcomingInvoices(profiles, today),
    };
  }, [db]);
}
