/**
 * A profile's controls: pause, resume, skip the next period, and invoice now (out of cycle: the
 * schedule does not move). Each answers the profile as it now is (invoice-now: the invoice).
 */
import type { Invoice } from '@smb/shared-types';
import { clock } from '../../clock';
import { inTransaction } from '../../db/transaction';
import { nextVersion } from '../../db/version';
import type { MailMessage } from '../../mail/mailer';
import { loadInvoice } from '../invoices/invoices.service';
import type { TenantScope } from '../tenant-scope';
import { makeInvoice, tenantToday, type PendingMail } from './recurring-generation';
import * as repo from './recurring.repository';
import { firstPeriodFrom, periodRange } from './recurring-schedule';
import { loadProfile, lockedProfile } from './recurring.service';

type Change = (
  row: repo.LockedProfile,
  today: string,
) => Partial<Pick<repo.LockedProfile, 'status' | 'skip_next' | 'next_index'>>;

async function change(scope: TenantScope, id: string, fn: Change) {
  return inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const row = await lockedProfile(trx, id);
    const set = fn(row, tenantToday(scope.tenant, clock.now()));
    await repo.updateProfile(trx, row.id, { ...set, version, updated_at: new Date() });
    return loadProfile(trx, row.id);
  });
}

/** Paused: no invoices until resumed. */
export const pauseProfile = (scope: TenantScope, id: string) =>
  change(scope, id, () => ({ status: 'paused' }));

/** Resumed: the periods that passed while paused are not invoiced; the next is today's or later. */
export const resumeProfile = (scope: TenantScope, id: string) =>
  change(scope, id, (row, today) =>
    row.status === 'active' ? {} : { status: 'active', next_index: firstPeriodFrom(row, today) },
  );

/** The next period makes no invoice (asked again: it is not skipped after all). */
export const skipNextPeriod = (scope: TenantScope, id: string, skip = true) =>
  change(scope, id, () => ({ skip_next: skip }));

/**
 * An invoice now, dated today, for the current period (the one before the next; the first before
 * any), besides the schedule's: the next scheduled invoice still comes on its date.
 */
export async function invoiceNow(
  scope: TenantScope,
  id: string,
  mailer: { send(message: MailMessage): Promise<void> },
): Promise<Invoice> {
  let mail: PendingMail | null = null;
  const invoiceId = await inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const row = await lockedProfile(trx, id);
    const current = Math.max(row.schedule_base, row.next_index - 1);
    const today = tenantToday(scope.tenant, clock.now());
    const made = await makeInvoice(
      trx,
      scope.tenant,
      row,
      null,
      periodRange(row, current),
      today,
      version,
    );
    mail = made.mail;
    await repo.updateProfile(trx, row.id, { version, updated_at: new Date() });
    return made.invoiceId;
  });
  const pending = mail as PendingMail | null;
  if (pending) await mailer.send(await pending());
  return loadInvoice(scope.db, invoiceId);
}
