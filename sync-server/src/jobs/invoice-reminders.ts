import { sql, type Kysely, type Transaction } from 'kysely';
import {
  nextReminderDay,
  today,
  type InvoiceReminder,
  type ReminderPolicy,
} from '@smb/shared-types';
import type { AppDatabase, TenantRow } from '../db/app-tables';
import { calendarDate } from '../db/dates';
import type { TenantDb } from '../db/tenant-database';
import type { MailMessage } from '../mail/mailer';
import { companySender, reminderMail } from '../mail/document-mails';
import { customerDocumentLanguage } from '../modules/pdf/document-language.service';
import { loadInvoice } from '../modules/invoices/invoices.service';
import { findCurrencyByCode } from '../modules/documents/documents.repository';
import { getBillingSettings } from '../modules/payments/payments.service';
import { invoiceDocument, withPdfAttachment, type PdfFile } from '../modules/pdf/pdf.service';
import { nextVersion } from '../db/version';
import type { Job } from './scheduler';

export interface ReminderDeps {
  mailer: { send(message: MailMessage): Promise<void> };
  log: { warn(obj: object, msg: string): void };
  /** The job's clock (tests move it; the server's is the real one). */
  now?: () => Date;
}

const HOUR = 3_600_000;

/** A reminder claimed on its invoice in its tenant's transaction, to mail once that has committed. */
export interface ClaimedReminder {
  tenant: TenantRow;
  invoiceId: string;
  reminder: InvoiceReminder;
  /** The message without its attachment, and the PDF's data: both read in the transaction. */
  mail: MailMessage;
  pdf: PdfFile;
}

/**
 * Payment reminders: every hour, across every tenant whose policy has them on, each
 * open invoice (Unpaid or Partially paid, a balance, not stopped) whose next reminder day has come
 * gets ONE reminder. After the job's own transaction (which only records the run), each tenant's
 * reminders are claimed in a short transaction of that tenant's: appended to the invoice's log
 * only if the log still holds the reminders this run read (a compare-and-set: a second runner,
 * even one that slipped past the scheduler's lock, finds it taken), with the mail and the PDF's
 * data read there. Only after that commit is the PDF rendered and the mail sent (no rendering or
 * SMTP while a transaction holds its locks); a mail that fails gives its claim back, so the next
 * run tries again. The log syncs with the invoice ("Reminder 2 sent 28 Nov").
 *
 * One transaction over every tenant held a lock on each one's tables until its end: at a few
 * thousand tenants it filled PostgreSQL's lock table ("out of shared memory"), failing the job
 * every hour and the requests that ran beside it. A tenant whose claim fails is logged and left
 * for the next run; the others still get theirs.
 */
export function invoiceReminders(deps: ReminderDeps): Job {
  return {
    name: 'invoice-reminders',
    everyMs: HOUR,
    async run(trx) {
      const tenants = await trx.withSchema('app').selectFrom('tenants').selectAll().execute();
      const now = deps.now?.() ?? new Date();
      return async (db) => {
        for (const tenant of tenants) {
          let claimed: ClaimedReminder[];
          try {
            claimed = await db
              .transaction()
              .execute((tenantTrx) => claimReminders(tenantTrx, tenant, now));
          } catch (err) {
            deps.log.warn(
              { tenant: tenant.id, err: (err as Error).message },
              'payment reminders not claimed; the next run retries',
            );
            continue;
          }
          await deliverReminders(db, claimed, deps);
        }
      };
    },
  };
}

/**
 * Claims the reminders due on `now`'s day in one tenant (in the caller's transaction) and answers
 * them with their mail and the PDF's data; nothing is rendered or sent here.
 */
export async function claimReminders(
  trx: Transaction<AppDatabase>,
  tenant: TenantRow,
  now: Date,
): Promise<ClaimedReminder[]> {
  const db = trx.withSchema(tenant.schema_name) as unknown as TenantDb;
  const policy: ReminderPolicy = await getBillingSettings({ db });
  if (!policy.remindersEnabled) return [];
  const day = today(now);
  // Candidates: issued (a draft never went out), open, with a balance, not stopped, fewer than the
  // most, due long enough ago.
  const candidates = await db
    .selectFrom('invoices')
    .select(['id', 'due_date', 'reminders'])
    .where('issued_at', 'is not', null)
    .where('status', 'in', ['Unpaid', 'Partially paid'])
    .where('reminders_stopped', '=', false)
    .where(sql<boolean>`total > amount_paid + credited_amount`)
    .where(sql<boolean>`jsonb_array_length(reminders) < ${policy.reminderMax}`)
    .where('due_date', '<=', sql<Date>`${day}::date - ${policy.reminderFirstDays}::integer`)
    .orderBy('due_date')
    .orderBy('id')
    .execute();
  let version: string | undefined;
  const claimed: ClaimedReminder[] = [];
  for (const row of candidates) {
    const due = nextReminderDay(
      { dueDate: calendarDate(row.due_date), remindersStopped: false, reminders: row.reminders },
      policy,
    );
    if (!due || due > day) continue;
    const invoice = await loadInvoice(db, row.id);
    const to = invoice.contact?.email || invoice.customer.email;
    if (!to) continue;
    const reminder: InvoiceReminder = {
      number: row.reminders.length + 1,
      sentAt: now.toISOString(),
      sentTo: to,
    };
    version ??= await nextVersion(db);
    const won = await db
      .updateTable('invoices')
      .set({
        reminders: sql`reminders || ${JSON.stringify([reminder])}::jsonb`,
        version,
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .where(sql<boolean>`jsonb_array_length(reminders) = ${row.reminders.length}`)
      .where('reminders_stopped', '=', false)
      .returning('id')
      .executeTakeFirst();
    if (!won) continue;
    const symbol = (await findCurrencyByCode(db, invoice.currencyCode))?.symbol ?? null;
    const language = await customerDocumentLanguage(db, tenant, invoice.customerId);
    const sender = companySender(tenant);
    claimed.push({
      tenant,
      invoiceId: invoice.id,
      reminder,
      mail: reminderMail(invoice, reminder, tenant.natural_name, symbol, day, language, sender),
      pdf: await invoiceDocument({ db, tenant }, invoice.id),
    });
  }
  return claimed;
}

/**
 * After the claims' commit: renders each invoice's PDF and mails it. A reminder that cannot go
 * gives its claim back — removed from the log only if it is still the entry this run wrote — in a
 * short transaction of its own that devices pull like any change. Answers how many went out.
 */
export async function deliverReminders(
  db: Kysely<AppDatabase>,
  claimed: ClaimedReminder[],
  deps: ReminderDeps,
): Promise<number> {
  let sent = 0;
  for (const c of claimed) {
    try {
      await deps.mailer.send(await withPdfAttachment(c.mail, c.pdf));
      sent += 1;
    } catch (err) {
      deps.log.warn(
        { tenant: c.tenant.id, invoice: c.invoiceId, err: (err as Error).message },
        'payment reminder not sent; the next run retries',
      );
      await releaseClaim(db, c).catch((e: unknown) =>
        deps.log.warn(
          { tenant: c.tenant.id, invoice: c.invoiceId, err: (e as Error).message },
          'payment reminder claim not released',
        ),
      );
    }
  }
  return sent;
}

async function releaseClaim(db: Kysely<AppDatabase>, c: ClaimedReminder): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tenantDb = trx.withSchema(c.tenant.schema_name) as unknown as TenantDb;
    const index = c.reminder.number - 1;
    const version = await nextVersion(tenantDb);
    await tenantDb
      .updateTable('invoices')
      .set({ reminders: sql`reminders - ${index}::integer`, version, updated_at: new Date() })
      .where('id', '=', c.invoiceId)
      .where(sql<boolean>`jsonb_array_length(reminders) = ${c.reminder.number}`)
      .where(sql<boolean>`reminders -> ${index}::integer ->> 'sentAt' = ${c.reminder.sentAt}`)
      .execute();
  });
}
