import { sql, type Transaction } from 'kysely';
import {
  formatMoney,
  nextReminderDay,
  overdueLabel,
  today,
  type Invoice,
  type InvoiceReminder,
  type ReminderPolicy,
} from '@smb/shared-types';
import type { AppDatabase, TenantRow } from '../db/app-tables';
import { calendarDate } from '../db/dates';
import type { TenantDb } from '../db/tenant-database';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/templates';
import { loadInvoice } from '../modules/invoices/invoices.service';
import { findCurrencyByCode } from '../modules/documents/documents.repository';
import { getBillingSettings } from '../modules/payments/payments.service';
import { withPdfAttachment } from '../modules/pdf/pdf-mail';
import { invoiceDocument } from '../modules/pdf/pdf.service';
import { nextVersion } from '../sync/version';
import type { Job } from './scheduler';

export interface ReminderDeps {
  mailer: { send(message: MailMessage): Promise<void> };
  log: { warn(obj: object, msg: string): void };
  /** The job's clock (tests move it; the server's is the real one). */
  now?: () => Date;
}

const HOUR = 3_600_000;

/**
 * Payment reminders (issue 19): every hour, across every tenant whose policy has them on, each
 * open invoice (Unpaid or Partially paid, a balance, not stopped) whose next reminder day has come
 * gets ONE reminder: it is claimed on the invoice first — appended to its log only if the log
 * still holds the reminders this run read (a compare-and-set: a second runner, even one that
 * slipped past the scheduler's lock, finds it taken) — then mailed to the invoice's contact with
 * the amount due and the invoice's PDF. A mail that fails gives its claim back, so the next run
 * tries again. The log syncs with the invoice ("Reminder 2 sent 28 Nov").
 */
export function invoiceReminders(deps: ReminderDeps): Job {
  return {
    name: 'invoice-reminders',
    everyMs: HOUR,
    async run(trx) {
      const tenants = await trx.withSchema('app').selectFrom('tenants').selectAll().execute();
      const now = deps.now?.() ?? new Date();
      for (const tenant of tenants) await remindTenant(trx, tenant, now, deps);
    },
  };
}

/** Sends the reminders due on `now`'s day in one tenant; answers how many went out. */
export async function remindTenant(
  trx: Transaction<AppDatabase>,
  tenant: TenantRow,
  now: Date,
  deps: ReminderDeps,
): Promise<number> {
  const db = trx.withSchema(tenant.schema_name) as unknown as TenantDb;
  const policy: ReminderPolicy = await getBillingSettings({ db });
  if (!policy.remindersEnabled) return 0;
  const day = today(now);
  // Candidates: open, with a balance, not stopped, fewer than the most, due long enough ago.
  const candidates = await db
    .selectFrom('invoices')
    .select(['id', 'due_date', 'reminders'])
    .where('status', 'in', ['Unpaid', 'Partially paid'])
    .where('reminders_stopped', '=', false)
    .where(sql<boolean>`total > amount_paid`)
    .where(sql<boolean>`jsonb_array_length(reminders) < ${policy.reminderMax}`)
    .where('due_date', '<=', sql<Date>`${day}::date - ${policy.reminderFirstDays}::integer`)
    .orderBy('due_date')
    .orderBy('id')
    .execute();
  let version: string | undefined;
  let sent = 0;
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
    const claimed = await db
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
    if (!claimed) continue;
    try {
      const symbol = (await findCurrencyByCode(db, invoice.currencyCode))?.symbol ?? null;
      const mail = reminderMail(invoice, reminder, tenant.natural_name, symbol, day);
      await deps.mailer.send(
        await withPdfAttachment(mail, await invoiceDocument({ db, tenant }, invoice.id)),
      );
      sent += 1;
    } catch (err) {
      // Not sent: the claim goes, so the next run tries again.
      await db
        .updateTable('invoices')
        .set({ reminders: sql`reminders - ${reminder.number - 1}::integer` })
        .where('id', '=', row.id)
        .execute();
      deps.log.warn(
        { tenant: tenant.id, invoice: invoice.id, err: (err as Error).message },
        'payment reminder not sent; the next run retries',
      );
    }
  }
  return sent;
}

/** The reminder e-mail: the amount due, the due date, the days overdue; the PDF is attached. */
export function reminderMail(
  invoice: Invoice,
  reminder: InvoiceReminder,
  company: string,
  symbol: string | null,
  day: string,
): MailMessage {
  const due = formatMoney(String(invoice.balance), invoice.currencyCode, symbol);
  const name = invoice.contact?.name || invoice.customer.name;
  const late = Math.max(
    0,
    Math.round(
      (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${invoice.dueDate}T00:00:00Z`)) / 86_400_000,
    ),
  );
  const lines = [
    `Hello ${name},`,
    '',
    `This is a reminder that invoice ${invoice.invoiceNumber} from ${company} was due on ${invoice.dueDate} (${overdueLabel(late)}).`,
    `Amount due: ${due}`,
    '',
    'The invoice is attached. If you have already paid, thank you, and please ignore this message.',
  ];
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>Hello ${escapeHtml(name)},</p>
<p>This is a reminder that invoice <strong>${escapeHtml(invoice.invoiceNumber)}</strong> from ${escapeHtml(company)} was due on ${escapeHtml(invoice.dueDate)} (${escapeHtml(overdueLabel(late))}).</p>
<p>Amount due: <strong>${escapeHtml(due)}</strong></p>
<p style="color:#6b7280">The invoice is attached. If you have already paid, thank you, and please ignore this message.</p>
</body></html>`;
  const subject =
    `Reminder ${reminder.number}: invoice ${invoice.invoiceNumber} from ${company} is overdue`.replace(
      /[\r\n]+/g,
      ' ',
    );
  return { to: reminder.sentTo, subject, text: lines.join('\n'), html };
}
