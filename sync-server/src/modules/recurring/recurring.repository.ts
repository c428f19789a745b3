import type { Insertable, Updateable } from 'kysely';
import { isUuid, type ListQuery } from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { containingText, fetchPage, newestFirst, rowsWithIds } from '../../db/query';
import { LINE_ITEM_COLUMN_NAMES } from '../../db/tables/documents.table';
import type {
  RecurringProfileLineTable,
  RecurringProfileTable,
} from '../../db/tables/recurring.table';

const fromProfiles = (db: TenantDb) =>
  db.selectFrom('recurring_profiles as p').innerJoin('customers as c', 'c.id', 'p.customer_id');

const withCustomerName = (query: ReturnType<typeof fromProfiles>) =>
  query.selectAll('p').select('c.name as customer_name');

export type ProfileRow = Awaited<ReturnType<typeof findProfiles>>[number];

export const findProfiles = (db: TenantDb, ids: string[]) =>
  rowsWithIds(withCustomerName(fromProfiles(db)), 'p.id', ids);

/** One page (50 rows unless asked), newest first; `q` matches the customer's name. */
export async function listProfiles(db: TenantDb, query: ListQuery) {
  const base = fromProfiles(db).$call(containingText(query.q || undefined, ['c.name']));
  const paging = { limit: query.limit ?? 50, offset: query.offset ?? 0 };
  return fetchPage(base, (q) => newestFirst(withCustomerName(q), 'p'), paging);
}

/** The lines of several profiles, in line order. */
export async function findLines(db: TenantDb, profileIds: string[]) {
  if (profileIds.length === 0) return [];
  return db
    .selectFrom('recurring_profile_lines')
    .select([...LINE_ITEM_COLUMN_NAMES, 'recurring_profile_id', 'one_off'])
    .where('recurring_profile_id', 'in', profileIds)
    .orderBy('recurring_profile_id')
    .orderBy('position')
    .execute();
}

export type ProfileLineRow = Awaited<ReturnType<typeof findLines>>[number];

/** The profile row, locked for the rest of the transaction; undefined for an unknown id. */
export async function lockProfile(trx: TenantDb, id: string) {
  if (!isUuid(id)) return undefined;
  return trx
    .selectFrom('recurring_profiles')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export type LockedProfile = NonNullable<Awaited<ReturnType<typeof lockProfile>>>;

export async function insertProfile(trx: TenantDb, row: Insertable<RecurringProfileTable>) {
  await trx.insertInto('recurring_profiles').values(row).execute();
}

export async function updateProfile(
  trx: TenantDb,
  id: string,
  set: Updateable<RecurringProfileTable>,
) {
  await trx.updateTable('recurring_profiles').set(set).where('id', '=', id).execute();
}

export async function deleteProfile(trx: TenantDb, id: string) {
  await trx.deleteFrom('recurring_profiles').where('id', '=', id).execute();
}

/** Replaces the profile's lines. */
export async function replaceLines(
  trx: TenantDb,
  profileId: string,
  lines: Insertable<RecurringProfileLineTable>[],
) {
  await trx
    .deleteFrom('recurring_profile_lines')
    .where('recurring_profile_id', '=', profileId)
    .execute();
  if (lines.length) await trx.insertInto('recurring_profile_lines').values(lines).execute();
}

/** The one-off lines went on an invoice: they are gone from the profile. */
export async function deleteOneOffLines(trx: TenantDb, profileId: string) {
  await trx
    .deleteFrom('recurring_profile_lines')
    .where('recurring_profile_id', '=', profileId)
    .where('one_off', '=', true)
    .execute();
}

/**
 * Claims a period for this run: true when this transaction inserted its row, false when the
 * period was dealt with already. The primary key decides, also between two runners at once (the
 * second waits for the first's commit, then finds the row).
 */
export async function claimPeriod(
  trx: TenantDb,
  profileId: string,
  periodIndex: number,
): Promise<boolean> {
  const row = await trx
    .insertInto('recurring_runs')
    .values({ recurring_profile_id: profileId, period_index: periodIndex, invoice_id: null })
    .onConflict((oc) => oc.columns(['recurring_profile_id', 'period_index']).doNothing())
    .returning('period_index')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setRunInvoice(
  trx: TenantDb,
  profileId: string,
  periodIndex: number,
  invoiceId: string,
) {
  await trx
    .updateTable('recurring_runs')
    .set({ invoice_id: invoiceId })
    .where('recurring_profile_id', '=', profileId)
    .where('period_index', '=', periodIndex)
    .execute();
}

/**
 * The active profiles and where their schedules stand, so that only those with a period due are
 * locked (the generation re-checks each under its lock).
 */
export async function activeSchedules(db: TenantDb) {
  return db
    .selectFrom('recurring_profiles')
    .select([
      'id',
      'start_date',
      'frequency_unit',
      'frequency_every',
      'anchor_day',
      'end_kind',
      'end_count',
      'end_date',
      'next_index',
      'schedule_base',
    ])
    .where('status', '=', 'active')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A run's mail: claimed for one attempt, then sent or failed. */
type RunKey = { profileId: string; periodIndex: number };
const run = (db: TenantDb, key: RunKey) =>
  db
    .updateTable('recurring_runs')
    .where('recurring_profile_id', '=', key.profileId)
    .where('period_index', '=', key.periodIndex);

/** The invoice of the run has a mail to send, from `at` on. */
export async function setRunMailPending(trx: TenantDb, key: RunKey, at: Date) {
  await run(trx, key).set({ mail_state: 'pending', mail_retry_at: at }).execute();
}

/**
 * Claims the run's mail for one attempt when it is pending or failed, due by `now` and has
 * attempts left: one statement, so of two runners only one gets the row (the other's update
 * waits for the first's, then matches nothing). Answers the attempt's number and the invoice.
 */
export async function claimRunMail(db: TenantDb, key: RunKey, now: Date, maxAttempts: number) {
  return run(db, key)
    .set((eb) => ({
      mail_state: 'sending',
      mail_attempts: eb('mail_attempts', '+', 1),
      mail_retry_at: null,
    }))
    .where('mail_state', 'in', ['pending', 'failed'])
    .where('mail_retry_at', '<=', now)
    .where('mail_attempts', '<', maxAttempts)
    .returning(['mail_attempts', 'invoice_id'])
    .executeTakeFirst();
}

export async function finishRunMail(
  db: TenantDb,
  key: RunKey,
  outcome: { state: 'sent' | 'failed'; error: string | null; retryAt: Date | null },
) {
  await run(db, key)
    .set({ mail_state: outcome.state, mail_error: outcome.error, mail_retry_at: outcome.retryAt })
    .where('mail_state', '=', 'sending')
    .execute();
}

/** Mails due to be tried (again) by `now`, oldest first. */
export async function runMailsDue(db: TenantDb, now: Date, maxAttempts: number, limit = 200) {
  const rows = await db
    .selectFrom('recurring_runs')
    .select(['recurring_profile_id', 'period_index'])
    .where('mail_state', 'in', ['pending', 'failed'])
    .where('mail_retry_at', '<=', now)
    .where('mail_attempts', '<', maxAttempts)
    .orderBy('mail_retry_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ profileId: r.recurring_profile_id, periodIndex: r.period_index }));
}
