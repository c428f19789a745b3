import { storedFirstPeriodFrom } from '@smb/shared-types/recurring-stored';
import { recurringUpdateBody, type RecurringProfileChanges } from '@smb/shared-types/recurring';
import { timeZoneOf } from '@smb/shared-types/company';
import { todayIn } from '@smb/shared-types/recurrence';
import type { UpdateArgs } from '@smb/shared-types/sync';
import type { RecurringLineRow, RecurringProfileRow } from '../../db/types';
import type { LocalWriter } from '../local-writer';
import type {
  DocumentItemArgs,
  IdArgs,
  RecurringExtrasArgs,
  RecurringProfileCreateArgs,
  RecurringSkipArgs,
} from '../mutation-args';
import { computeDocument } from './document-amounts';
import { asItems } from './documents';

/**
 * Local effects of the recurring-profile mutations (recurring.service.ts and recurring-actions.ts
 * on the server): the profile changes on the device at once; the invoices stay the server's to
 * make, and arrive with a pull.
 */

/** The recurring and one-off lines priced together as the server prices them, then told apart. */
async function pricedLines(
  w: LocalWriter,
  input: { currencyCode: string; pricesIncludeTax: boolean },
  items: DocumentItemArgs[],
  extraItems: DocumentItemArgs[],
  stored: RecurringLineRow[],
): Promise<RecurringLineRow[]> {
  const amounts = await computeDocument(
    w,
    { ...input, items: [...items, ...extraItems], adjustments: [] },
    stored.length > 0 ? { items: stored, taxRate: stored[0]!.taxRate ?? 0 } : null,
  );
  return amounts.items.map((line, position) => ({ ...line, oneOff: position >= items.length }));
}

export async function recurringProfileCreate(
  w: LocalWriter,
  a: RecurringProfileCreateArgs,
): Promise<void> {
  const end = a.end ?? { kind: 'never' as const };
  const pricesIncludeTax = a.pricesIncludeTax ?? false;
  await w.put('recurring_profiles', {
    id: a.id,
    customerId: a.customerId,
    contactId: a.contactId,
    currencyCode: a.currencyCode,
    pricesIncludeTax,
    notes: a.notes ?? '',
    paymentTerms: a.paymentTerms ?? null,
    startDate: a.startDate,
    frequencyUnit: a.frequency.unit,
    frequencyEvery: a.frequency.every,
    anchorDay: a.anchorDay == null ? null : String(a.anchorDay),
    endKind: end.kind,
    endCount: end.kind === 'after' ? (end.count ?? null) : null,
    endDate: end.kind === 'on' ? (end.date ?? null) : null,
    mode: a.mode ?? 'draft',
    status: 'active',
    skipNext: false,
    nextIndex: 0,
    scheduleBase: 0,
    createdAt: w.now,
    version: null,
    updatedAt: w.now,
    items: await pricedLines(
      w,
      { currencyCode: a.currencyCode, pricesIncludeTax },
      a.items,
      a.extraItems ?? [],
      [],
    ),
  });
}

/** The fields given change; a new schedule counts its dates from the next period on. */
export async function recurringProfileUpdate(w: LocalWriter, a: UpdateArgs): Promise<void> {
  const row = await w.get('recurring_profiles', a.id);
  if (!row) return;
  const changes = a.changes as RecurringProfileChanges;
  const next: RecurringProfileRow = {
    ...row,
    ...(changes as Partial<RecurringProfileRow>),
    id: row.id,
    updatedAt: w.now,
  };
  // The server's rules of what the changes mean (the end as a whole, the anchor's day).
  const body = recurringUpdateBody(row, changes);
  if (body.end) {
    next.endCount = body.end.count ?? null;
    next.endDate = body.end.date ?? null;
  }
  const rescheduled =
    next.startDate !== row.startDate ||
    next.frequencyUnit !== row.frequencyUnit ||
    next.frequencyEvery !== row.frequencyEvery ||
    next.anchorDay !== row.anchorDay;
  if (rescheduled) next.scheduleBase = row.nextIndex;
  const keep = (oneOff: boolean) => asItems(row.items.filter((l) => l.oneOff === oneOff));
  next.items = await pricedLines(
    w,
    { currencyCode: next.currencyCode, pricesIncludeTax: next.pricesIncludeTax },
    changes.items ? (changes.items as DocumentItemArgs[]) : keep(false),
    keep(true),
    row.items,
  );
  await w.put('recurring_profiles', next);
}

export async function recurringProfileDelete(w: LocalWriter, a: IdArgs): Promise<void> {
  await w.delete('recurring_profiles', a.id);
  // The invoices it made stay; their link to it goes.
  const made = await w.db.invoices.where('recurringProfileId').equals(a.id).primaryKeys();
  for (const id of made) await w.patch('invoices', id, { recurringProfileId: null });
}

export async function recurringProfilePause(w: LocalWriter, a: IdArgs): Promise<void> {
  await w.patch('recurring_profiles', a.id, { status: 'paused' });
}

/**
 * Resumed: the periods that passed while paused are not invoiced. Today is the company's calendar
 * day (its time zone, as the server resumes), not the UTC one.
 */
export async function recurringProfileResume(w: LocalWriter, a: IdArgs): Promise<void> {
  const row = await w.get('recurring_profiles', a.id);
  if (!row || row.status === 'active') return;
  const company = (await w.tenant())?.company;
  await w.patch('recurring_profiles', a.id, {
    status: 'active',
    nextIndex: storedFirstPeriodFrom(row, todayIn(timeZoneOf(company), new Date(w.now))),
  });
}

export async function recurringProfileSkipNext(
  w: LocalWriter,
  a: RecurringSkipArgs,
): Promise<void> {
  await w.patch('recurring_profiles', a.id, { skipNext: a.skip ?? true });
}

/** The invoice is the server's to make (numbered, mailed): it arrives with the next pull. */
export async function recurringProfileInvoiceNow(w: LocalWriter, a: IdArgs): Promise<void> {
  await w.patch('recurring_profiles', a.id, {});
}

export async function recurringProfileSetExtras(
  w: LocalWriter,
  a: RecurringExtrasArgs,
): Promise<void> {
  const row = await w.get('recurring_profiles', a.id);
  if (!row) return;
  const items = await pricedLines(
    w,
    { currencyCode: row.currencyCode, pricesIncludeTax: row.pricesIncludeTax },
    asItems(row.items.filter((l) => !l.oneOff)),
    a.extraItems,
    row.items,
  );
  await w.put('recurring_profiles', { ...row, items, updatedAt: w.now });
}
