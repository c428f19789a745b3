/**
 * The dashboard's recurring figures, from the profiles a device holds and the company's today:
 *
 * - Monthly recurring revenue per currency: each active profile that has not ended, its
 *   recurring lines' **net** amount (before tax, after line discounts; one-off lines left out),
 *   as an amount per month (weekly × 52 / 12, every N weeks ÷ N, quarterly ÷ 3, yearly ÷ 12),
 *   summed exactly and rounded to cents once per currency.
 * - The invoices the schedules make in the next seven days (today and the six days after), in
 *   date order: paused profiles make none, the skipped next period is left out, a schedule's end
 *   stops it; the amount is the invoice's total (with tax), one-off lines on the next one.
 */
import { dec, type Dec } from './decimal';
import { documentTaxAmounts, type TaxedLine } from './document-lines';
import { addDays } from './payments';
import { hasOccurrence, perMonth, type CivilDate } from './recurrence';
import type { RecurringProfile } from './recurring';
import {
  storedNextDate,
  storedPeriodDate,
  storedScheduleOf,
  type StoredSchedule,
} from './recurring-stored';

/**
 * What the figures read of a profile: its schedule as it is stored (the synced row a device
 * holds: recurring-stored.ts reads where it stands), and the lines as the one arithmetic reads
 * them.
 */
export type OutlookProfile = Pick<
  RecurringProfile,
  'id' | 'customer' | 'currencyCode' | 'pricesIncludeTax' | 'status' | 'skipNext'
> &
  StoredSchedule & { items: TaxedLine[]; extraItems: TaxedLine[] };

export interface MonthlyRevenue {
  currencyCode: string;
  /** Net per month, 2 decimals. */
  amount: string;
}

export interface UpcomingInvoice {
  date: CivilDate;
  profileId: string;
  customerName: string;
  /** The invoice's total with tax, 2 decimals. */
  amount: string;
  currencyCode: string;
}

export const OUTLOOK_DAYS = 7;

/** The lines' net amount and total with tax. */
function amounts(lines: TaxedLine[], pricesIncludeTax: boolean): { net: string; total: string } {
  const a = documentTaxAmounts(lines, [], pricesIncludeTax);
  return {
    net: dec(a.total).minus(a.taxAmount).minus(a.roundingAmount).toFixed(2),
    total: a.total,
  };
}

/** Active, with a next invoice, not past an end date. */
function running(p: OutlookProfile, today: CivilDate): boolean {
  if (p.status !== 'active' || storedNextDate(p) === null) return false;
  return !(p.endKind === 'on' && p.endDate && p.endDate < today);
}

/** Monthly recurring revenue (net) per currency, in currency order. */
export function monthlyRecurringRevenue(
  profiles: OutlookProfile[],
  today: CivilDate,
): MonthlyRevenue[] {
  const sums = new Map<string, Dec>();
  for (const p of profiles) {
    if (!running(p, today)) continue;
    const frequency = { unit: p.frequencyUnit, every: p.frequencyEvery };
    const monthly = perMonth(amounts(p.items, p.pricesIncludeTax).net, frequency);
    sums.set(p.currencyCode, (sums.get(p.currencyCode) ?? dec(0)).plus(monthly));
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currencyCode, sum]) => ({ currencyCode, amount: sum.toDecimalPlaces(2).toFixed(2) }));
}

/** The invoices scheduled from `today` through the next `days` − 1 days, in date order. */
export function upcomingInvoices(
  profiles: OutlookProfile[],
  today: CivilDate,
  days = OUTLOOK_DAYS,
): UpcomingInvoice[] {
  const last = addDays(today, days - 1);
  const found: UpcomingInvoice[] = [];
  for (const p of profiles) {
    if (!running(p, today)) continue;
    // The stored schedule counts its dates from its base: no walk from the first period.
    const schedule = storedScheduleOf(p);
    for (let i = p.nextIndex; hasOccurrence(schedule, i - p.scheduleBase); i++) {
      const date = storedPeriodDate(p, i);
      if (date > last) break;
      const next = i === p.nextIndex;
      if (date < today || (next && p.skipNext)) continue;
      const lines = next ? [...p.items, ...p.extraItems] : p.items;
      found.push({
        date,
        profileId: p.id,
        customerName: p.customer.name,
        amount: amounts(lines, p.pricesIncludeTax).total,
        currencyCode: p.currencyCode,
      });
    }
  }
  return found.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.customerName.localeCompare(b.customerName) ||
      a.profileId.localeCompare(b.profileId),
  );
}
