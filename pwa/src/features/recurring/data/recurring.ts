import { useLiveQuery } from 'dexie-react-hooks';
import { documentTaxAmounts } from '@smb/shared-types/document-lines';
import { toMoneyNumber } from '@smb/shared-types/money';
import { RECURRING_MESSAGES } from '@smb/shared-types/recurring';
import { storedNextDate, storedNextDates } from '@smb/shared-types/recurring-stored';
import { requireDatabase, useDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { NotFoundError } from '../../../db/errors';
import type { InvoiceRow, RecurringLineRow, RecurringProfileRow } from '../../../db/types';
import { formatDate } from '../../../lib/formats';
import { mutate } from '../../../sync/mutate';
import type { MutationArgs } from '../../../sync/mutators/registry';
import type { MutationName } from '@smb/shared-types/sync';
import type { DocumentItemArgs } from '../../../sync/mutation-args';
import { checkDocument, itemArgs, type DocumentInput } from '../../../sync/documents-input';
import { taxedLine } from './outlook';

/** A profile as the screens show it: its customer's name and where its schedule stands. */
export interface RecurringListItem {
  profile: RecurringProfileRow;
  customerName: string;
  /** The next invoice's date; null once the schedule has ended. */
  nextDate: string | null;
  status: 'Active' | 'Paused' | 'Ended';
  /** One invoice's total (the recurring lines, tax included). */
  total: number;
}

/** Active, Paused, or Ended once the schedule has no date left. */
export function profileStatus(profile: RecurringProfileRow): RecurringListItem['status'] {
  if (storedNextDate(profile) === null) return 'Ended';
  return profile.status === 'paused' ? 'Paused' : 'Active';
}

/** The total of an invoice of these lines, by the documents' one arithmetic. */
export function linesTotal(lines: RecurringLineRow[], pricesIncludeTax: boolean): number {
  const amounts = documentTaxAmounts(lines.map(taxedLine), [], pricesIncludeTax);
  return toMoneyNumber(amounts.total);
}

const UNIT_WORDS = { week: 'week', month: 'month', year: 'year' } as const;

/** 'Weekly', 'Every 2 weeks', 'Monthly', 'Quarterly', 'Every 2 months', 'Yearly'. */
export function frequencyLabel(p: Pick<RecurringProfileRow, 'frequencyUnit' | 'frequencyEvery'>) {
  const { frequencyUnit: unit, frequencyEvery: every } = p;
  if (every === 1) return unit === 'week' ? 'Weekly' : unit === 'month' ? 'Monthly' : 'Yearly';
  if (unit === 'month' && every === 3) return 'Quarterly';
  return `Every ${every} ${UNIT_WORDS[unit]}s`;
}

const SUFFIX: Record<number, string> = { 1: 'st', 2: 'nd', 3: 'rd' };
const ordinal = (day: number) =>
  `${day}${day >= 11 && day <= 13 ? 'th' : (SUFFIX[day % 10] ?? 'th')}`;

/** The schedule in words: 'Monthly on the last day of the month, from 31 Jan 2027, 12 invoices'. */
export function scheduleInWords(p: RecurringProfileRow): string {
  const parts = [frequencyLabel(p)];
  if (p.anchorDay === 'last') parts.push('on the last day of the month');
  else if (p.anchorDay !== null) parts.push(`on the ${ordinal(Number(p.anchorDay))}`);
  parts.push(`from ${formatDate(p.startDate)}`);
  let text = parts.join(' ');
  if (p.endKind === 'after')
    text += `, ${p.endCount} ${p.endCount === 1 ? 'invoice' : 'invoices'} in all`;
  else if (p.endKind === 'on' && p.endDate) text += `, until ${formatDate(p.endDate)}`;
  return text;
}

export const nextFiveDates = (p: RecurringProfileRow) => storedNextDates(p, 5);

/** A profile as the screens show it, with its customer's name. */
const listItem = (profile: RecurringProfileRow, customerName: string): RecurringListItem => ({
  profile,
  customerName,
  nextDate: storedNextDate(profile),
  status: profileStatus(profile),
  total: linesTotal(
    profile.items.filter((l) => !l.oneOff),
    profile.pricesIncludeTax,
  ),
});

async function listItems(db: SmbDatabase): Promise<RecurringListItem[]> {
  const profiles = await db.recurring_profiles.toArray();
  const customers = await db.customers.bulkGet(profiles.map((p) => p.customerId));
  const items = profiles.map((profile, k) => listItem(profile, customers[k]?.name ?? ''));
  // The next invoice first; ended ones last.
  return items.sort(
    (a, b) =>
      (a.nextDate ?? '9999').localeCompare(b.nextDate ?? '9999') ||
      a.customerName.localeCompare(b.customerName),
  );
}

export function useRecurringProfiles(): RecurringListItem[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? listItems(db) : []), [db]);
}

export function useRecurringProfile(id: string | undefined): RecurringListItem | null | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db || !id) return null;
    // Just this row and its customer.
    const profile = await db.recurring_profiles.get(id);
    if (!profile) return null;
    return listItem(profile, (await db.customers.get(profile.customerId))?.name ?? '');
  }, [db, id]);
}

/** The invoices the profile made, newest first. */
export function useProfileInvoices(id: string | undefined): InvoiceRow[] | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db || !id) return [];
    const rows = await db.invoices.where('recurringProfileId').equals(id).toArray();
    return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, [db, id]);
}

/** Queues one of the profile's mutations, offline too (its effect shows here at once). */
async function queueFor<N extends RecurringMutation>(
  db: SmbDatabase,
  name: N,
  args: MutationArgs[N] & { id: string },
): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    if (!(await db.recurring_profiles.get(args.id)))
      throw new NotFoundError(RECURRING_MESSAGES.notFound);
    await mutate(db, name, args);
  });
}

type RecurringMutation = Extract<MutationName, `recurringProfile.${string}`>;

/** Pause, Resume, Invoice now, Delete. */
export const profileControl = (
  name:
    | 'recurringProfile.pause'
    | 'recurringProfile.resume'
    | 'recurringProfile.invoiceNow'
    | 'recurringProfile.delete',
  id: string,
  db: SmbDatabase = requireDatabase(),
) => queueFor(db, name, { id });

/** Skip the next period (or not after all). */
export const skipNext = (id: string, skip: boolean, db: SmbDatabase = requireDatabase()) =>
  queueFor(db, 'recurringProfile.skipNext', { id, skip });

/** The lines for the next invoice only (empty: none). */
export const setExtras = (
  id: string,
  extraItems: DocumentItemArgs[],
  db: SmbDatabase = requireDatabase(),
) => queueFor(db, 'recurringProfile.setExtras', { id, extraItems });

/**
 * The extras as the profile page's editor gives them, checked as the lines of the invoice they go
 * on (a product, or a description and a price; a quantity): offline too, shown at once.
 */
export async function saveExtras(
  profile: Pick<RecurringProfileRow, 'id' | 'customerId' | 'contactId'>,
  items: NonNullable<DocumentInput['items']>,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  if (items.length > 0) checkDocument({ ...profile, items });
  await setExtras(profile.id, itemArgs(items), db);
}
