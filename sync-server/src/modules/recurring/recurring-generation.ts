/**
 * Making a recurring profile's invoices: one transaction per period, in order, each claiming its
 * period in `recurring_runs` first (the primary key makes a period happen once, whatever runs
 * it). The invoice is made from the profile as it is at that moment, so an edit applies from the
 * next invoice; invoices made before never change.
 */
import { renderPeriodPlaceholders, todayIn, type CivilDate } from '@smb/shared-types';
import type { TenantRow } from '../../db/app-tables';
import type { TenantDb } from '../../db/tenant-database';
import { inTransaction } from '../../db/transaction';
import { nextVersion } from '../../db/version';
import { emailDocument } from '../document-mail/document-mail.service';
import { tenantTimeZone } from '../documents/document-numbers';
import { createRecurringInvoice, loadInvoice } from '../invoices/invoices.service';
import { customerDocumentLanguage } from '../pdf/document-language.service';
import * as repo from './recurring.repository';
import { recurringMailBody, type MailRun, type PendingMail } from './recurring-mail';
import { duePeriods, periodRange } from './recurring-schedule';

export type { PendingMail } from './recurring-mail';

export interface MadeInvoice {
  invoiceId: string;
  mail: PendingMail | null;
}

/** An invoice of the schedule: its run carries its mail's state. */
export type ScheduledInvoice = MadeInvoice & MailRun;

type Tenant = TenantRow;

/** The company's calendar day at `now`. */
export const tenantToday = (tenant: Tenant, now: Date): CivilDate =>
  todayIn(tenantTimeZone(tenant), now);

/**
 * The profile's invoice for `periodIndex` (null: out of cycle), dated `issueDate`, its lines' {MONTH}
 * and other placeholders filled for `period`; the one-off lines go on it and leave the profile.
 * Issue-and-mail: issued, and its mail (with the PDF) read for after the commit; a customer
 * without an e-mail address gets a draft instead.
 */
export async function makeInvoice(
  trx: TenantDb,
  tenant: Tenant,
  profile: repo.LockedProfile,
  periodIndex: number | null,
  period: { start: CivilDate; end: CivilDate },
  issueDate: CivilDate,
  version: string,
): Promise<MadeInvoice> {
  const lines = await repo.findLines(trx, [profile.id]);
  const language = await customerDocumentLanguage(trx, tenant, profile.customer_id);
  const render = (text: string) => renderPeriodPlaceholders(text, period, language);
  const invoiceId = await createRecurringInvoice(
    trx,
    {
      profileId: profile.id,
      periodIndex,
      customerId: profile.customer_id,
      contactId: profile.contact_id,
      currencyCode: profile.currency_code,
      notes: profile.notes,
      pricesIncludeTax: profile.prices_include_tax,
      paymentTerms: profile.payment_terms,
      lines: lines.map((l) => ({
        ...l,
        product_name: render(l.product_name),
        description: render(l.description),
      })),
      issueDate,
      issue: false,
    },
    version,
  );
  if (lines.some((l) => l.one_off)) await repo.deleteOneOffLines(trx, profile.id);
  if (profile.mode !== 'issue-and-mail') return { invoiceId, mail: null };
  const body = recurringMailBody(await loadInvoice(trx, invoiceId), tenant, language);
  if (!body) return { invoiceId, mail: null };
  // Issues it, records the send and reads the PDF's (and e-invoice's) data.
  const { mail } = await emailDocument({ db: trx, tenant }, 'invoice', invoiceId, body);
  return { invoiceId, mail };
}

/** `more`: another period is due after this one (a catch-up), read under the same lock. */
type PeriodOutcome =
  | { kind: 'none' }
  | { kind: 'skipped'; more: boolean }
  | ({ kind: 'invoiced'; more: boolean } & ScheduledInvoice);

/** The profile's next due period, in its own transaction: invoiced, skipped, or nothing due. */
async function runNextPeriod(
  db: TenantDb,
  tenant: Tenant,
  profileId: string,
  today: CivilDate,
  now: Date,
): Promise<PeriodOutcome> {
  return inTransaction(db, async (trx) => {
    // A concurrent run waits here, then reads the index this one moved.
    const profile = await repo.lockProfile(trx, profileId);
    if (!profile || profile.status !== 'active') return { kind: 'none' };
    const index = duePeriods(profile, today)[0];
    if (index === undefined) return { kind: 'none' };
    const claimed = await repo.claimPeriod(trx, profile.id, index);
    const version = await nextVersion(trx);
    const advance = { next_index: index + 1, version, updated_at: new Date() };
    const more = duePeriods({ ...profile, next_index: index + 1 }, today).length > 0;
    if (!claimed) {
      await repo.updateProfile(trx, profile.id, advance);
      return { kind: 'skipped', more };
    }
    if (profile.skip_next) {
      await repo.updateProfile(trx, profile.id, { ...advance, skip_next: false });
      return { kind: 'skipped', more };
    }
    // Dated the day it is made (a period caught up after an outage too); the lines name its period.
    const made = await makeInvoice(
      trx,
      tenant,
      profile,
      index,
      periodRange(profile, index),
      today,
      version,
    );
    await repo.setRunInvoice(trx, profile.id, index, made.invoiceId);
    const run = { profileId: profile.id, periodIndex: index };
    // Its mail goes after the commit; until it has gone, a later tick tries again.
    if (made.mail) await repo.setRunMailPending(trx, run, now);
    await repo.updateProfile(trx, profile.id, advance);
    return { kind: 'invoiced', more, ...made, ...run };
  });
}

/** At most this many periods per profile per run (a schedule started years back takes a few). */
const MAX_PERIODS_PER_RUN = 500;

/**
 * Every active profile of the tenant: each period due by the company's today, once and in order.
 * Answers the invoices made and their mails to deliver.
 */
export async function generateDueInvoices(
  db: TenantDb,
  tenant: Tenant,
  now: Date,
): Promise<ScheduledInvoice[]> {
  const today = tenantToday(tenant, now);
  const made: ScheduledInvoice[] = [];
  const due = (await repo.activeSchedules(db)).filter((row) => duePeriods(row, today).length > 0);
  for (const { id } of due) {
    for (let n = 0; n < MAX_PERIODS_PER_RUN; n++) {
      const outcome = await runNextPeriod(db, tenant, id, today, now);
      if (outcome.kind === 'invoiced') made.push(outcome);
      if (outcome.kind === 'none' || !outcome.more) break;
    }
  }
  return made;
}
