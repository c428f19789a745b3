/**
 * Recurring profiles: a customer's invoice that makes itself on a schedule. Any signed-in user
 * writes them, as other documents. Edits apply from the next invoice (the generation reads the
 * profile when it makes one); a schedule edited after invoices were made starts again from its
 * start date (`schedule_base`).
 */
import {
  RECURRING_MESSAGES,
  isUuid,
  monthlyAmount,
  scheduleInputProblems,
  toMoneyNumber,
  type DocumentItemBody,
  type ListQuery,
  type RecurringPreview,
  type RecurringProfile,
  type RecurringProfileCreateBody,
  type RecurringProfileUpdateBody,
} from '@smb/shared-types';
import { calendarDate } from '../../db/dates';
import { isUniqueViolation, searchText } from '../../db/query';
import type { TenantDb } from '../../db/tenant-database';
import { inTransaction } from '../../db/transaction';
import { addTombstones, clearReferences, nextVersion } from '../../db/version';
import { badRequest, conflict, orNotFound } from '../../errors';
import {
  goneReferenceError,
  newDocumentId,
  prepareContent,
  storedItem,
  totalLines,
} from '../documents/document-lines';
import { iso, lineFields } from '../documents/document-shape';
import type { TenantScope } from '../tenant-scope';
import * as repo from './recurring.repository';
import { endOf, nextDate, nextDates } from './recurring-schedule';

type ReadScope = Pick<TenantScope, 'db'>;

const money = (value: string) => toMoneyNumber(value);

function toLine(l: repo.ProfileLineRow) {
  return {
    id: l.id,
    productId: l.product_id,
    productName: l.product_name,
    quantity: Number(l.quantity),
    unitPrice: money(l.unit_price),
    subtotal: money(l.subtotal),
    ...lineFields(l),
  };
}

function toProfile(row: repo.ProfileRow, lines: repo.ProfileLineRow[]): RecurringProfile {
  const regular = lines.filter((l) => !l.one_off);
  const { total } = totalLines(
    regular.map((l) => ({ ...l })),
    [],
    row.prices_include_tax,
  );
  const frequency = { unit: row.frequency_unit, every: row.frequency_every };
  const end = endOf(row);
  return {
    id: row.id,
    customerId: row.customer_id,
    contactId: row.contact_id,
    customer: { name: row.customer_name },
    currencyCode: row.currency_code.trim(),
    items: regular.map(toLine),
    extraItems: lines.filter((l) => l.one_off).map(toLine),
    notes: row.notes,
    pricesIncludeTax: row.prices_include_tax,
    paymentTerms: row.payment_terms,
    startDate: calendarDate(row.start_date),
    frequency,
    anchorDay:
      row.anchor_day === null ? null : row.anchor_day === 'last' ? 'last' : Number(row.anchor_day),
    end: {
      kind: end.kind,
      count: end.kind === 'after' ? end.count : null,
      date: end.kind === 'on' ? end.date : null,
    },
    mode: row.mode,
    status: row.status,
    skipNext: row.skip_next,
    nextIndex: row.next_index,
    nextDate: nextDate(row),
    total: money(total),
    monthlyAmount: money(monthlyAmount(total, frequency)),
    createdAt: iso(row.created_at)!,
    version: String(row.version),
    updatedAt: iso(row.updated_at)!,
  };
}

/** The API profile, or 404 (unknown, malformed, or another tenant's id). */
export async function loadProfile(db: TenantDb, id: string): Promise<RecurringProfile> {
  const [row] = isUuid(id) ? await repo.findProfiles(db, [id]) : [];
  const found = orNotFound(row, RECURRING_MESSAGES.notFound);
  return toProfile(found, await repo.findLines(db, [found.id]));
}

export const getProfile = (scope: ReadScope, id: string) => loadProfile(scope.db, id);

export async function listProfiles(scope: ReadScope, query: ListQuery) {
  const { rows, total } = await repo.listProfiles(scope.db, { ...query, q: searchText(query) });
  const lines = await repo.findLines(
    scope.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) =>
      toProfile(
        row,
        lines.filter((l) => l.recurring_profile_id === row.id),
      ),
    ),
    total,
  };
}

type ScheduleInput = Pick<
  RecurringProfileCreateBody,
  'startDate' | 'frequency' | 'anchorDay' | 'end'
>;

/** The schedule columns of the input, 400 with the first problem the shared rules find. */
function scheduleColumns(input: ScheduleInput) {
  const end = input.end ?? { kind: 'never' as const };
  const anchorDay = input.anchorDay ?? null;
  const problems = scheduleInputProblems(input);
  const first = Object.values(problems)[0];
  if (first) throw badRequest(first);
  return {
    start_date: input.startDate,
    frequency_unit: input.frequency.unit,
    frequency_every: input.frequency.every,
    anchor_day: anchorDay === null ? null : String(anchorDay),
    end_kind: end.kind,
    end_count: end.kind === 'after' ? (end.count ?? null) : null,
    end_date: end.kind === 'on' ? (end.date ?? null) : null,
  };
}

/** The recurring and one-off lines priced together (one lookup), then told apart again. */
async function pricedLines(
  trx: TenantDb,
  input: {
    customerId: string;
    contactId: string | null;
    currencyCode?: string | null;
    notes?: string | null;
    pricesIncludeTax?: boolean | null;
  },
  items: DocumentItemBody[],
  extraItems: DocumentItemBody[],
  stored: repo.ProfileLineRow[],
) {
  const content = await prepareContent(
    trx,
    { ...input, items: [...items, ...extraItems], adjustments: [] },
    null,
    stored,
  );
  return {
    set: content.set,
    lines: content.lines.map((line, position) => ({
      ...line,
      one_off: position >= items.length,
    })),
  };
}

export async function createProfile(
  scope: TenantScope,
  body: RecurringProfileCreateBody,
): Promise<RecurringProfile> {
  const schedule = scheduleColumns(body);
  return inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const id = newDocumentId(body.id);
    const { set, lines } = await pricedLines(trx, body, body.items, body.extraItems ?? [], []);
    try {
      await repo.insertProfile(trx, {
        id,
        customer_id: set.customer_id,
        contact_id: set.contact_id,
        currency_code: set.currency_code,
        prices_include_tax: set.prices_include_tax,
        notes: set.notes,
        payment_terms: body.paymentTerms ?? null,
        ...schedule,
        mode: body.mode ?? 'draft',
        version,
        updated_at: new Date(),
      });
      await repo.replaceLines(
        trx,
        id,
        lines.map((l) => ({ ...l, recurring_profile_id: id })),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(RECURRING_MESSAGES.idTaken);
      throw goneReferenceError(err);
    }
    return loadProfile(trx, id);
  });
}

/** The locked profile, or 404. */
export async function lockedProfile(trx: TenantDb, id: string) {
  return orNotFound(await repo.lockProfile(trx, id), RECURRING_MESSAGES.notFound);
}

/**
 * PUT /api/recurring-profiles/{id}: the fields given change; the next invoice is made from them.
 * A new schedule after invoices were made counts its dates from the next period on.
 */
export async function updateProfile(
  scope: TenantScope,
  id: string,
  body: RecurringProfileUpdateBody,
): Promise<RecurringProfile> {
  return inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const row = await lockedProfile(trx, id);
    const stored = await repo.findLines(trx, [row.id]);
    const current = toProfile({ ...row, customer_name: '' }, stored);
    const scheduleInput: ScheduleInput = {
      startDate: body.startDate ?? current.startDate,
      frequency: body.frequency ?? current.frequency,
      anchorDay: body.anchorDay !== undefined ? body.anchorDay : current.anchorDay,
      end: body.end ?? current.end,
    };
    const schedule = scheduleColumns(scheduleInput);
    const rescheduled =
      schedule.start_date !== current.startDate ||
      schedule.frequency_unit !== row.frequency_unit ||
      schedule.frequency_every !== row.frequency_every ||
      schedule.anchor_day !== row.anchor_day;
    const keep = (oneOff: boolean) => stored.filter((l) => l.one_off === oneOff).map(storedItem);
    const { set, lines } = await pricedLines(
      trx,
      {
        customerId: body.customerId ?? row.customer_id,
        contactId: body.contactId ?? row.contact_id,
        currencyCode: body.currencyCode ?? row.currency_code.trim(),
        notes: body.notes !== undefined ? body.notes : row.notes,
        pricesIncludeTax: body.pricesIncludeTax ?? row.prices_include_tax,
      },
      body.items ?? keep(false),
      body.extraItems ?? keep(true),
      stored,
    );
    try {
      await repo.updateProfile(trx, row.id, {
        customer_id: set.customer_id,
        contact_id: set.contact_id,
        currency_code: set.currency_code,
        prices_include_tax: set.prices_include_tax,
        notes: set.notes,
        payment_terms: body.paymentTerms !== undefined ? body.paymentTerms : row.payment_terms,
        ...schedule,
        schedule_base: rescheduled ? row.next_index : row.schedule_base,
        mode: body.mode ?? row.mode,
        version,
        updated_at: new Date(),
      });
      await repo.replaceLines(
        trx,
        row.id,
        lines.map((l) => ({ ...l, recurring_profile_id: row.id })),
      );
    } catch (err) {
      throw goneReferenceError(err);
    }
    return loadProfile(trx, row.id);
  });
}

/** DELETE: the profile makes no more invoices; those it made stay (their link to it goes). */
export async function deleteProfile(scope: TenantScope, id: string): Promise<void> {
  await inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const row = await lockedProfile(trx, id);
    const changed = { version, updated_at: new Date() };
    await clearReferences(trx, 'invoices', 'recurring_profile_id', row.id, changed);
    await repo.deleteProfile(trx, row.id);
    await addTombstones(trx, 'recurring_profiles', [row.id], version);
  });
}

/** GET …/preview: the next five invoice dates (fewer as the end nears; none once ended). */
export async function previewProfile(scope: ReadScope, id: string): Promise<RecurringPreview> {
  const [row] = isUuid(id) ? await repo.findProfiles(scope.db, [id]) : [];
  return { dates: nextDates(orNotFound(row, RECURRING_MESSAGES.notFound)) };
}
