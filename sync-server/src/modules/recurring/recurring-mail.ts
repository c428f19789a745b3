/**
 * The mail of an issue-and-mail recurring invoice, delivered after its transaction committed, and
 * tried again on later ticks when it fails: up to MAX_MAIL_ATTEMPTS times, waiting longer after
 * each failure. Each attempt first claims the run's mail in one statement (recurring_runs), so two
 * runners never send it both, and a mail recorded as sent is never sent again.
 */
import {
  defaultDocumentMail,
  type DocumentLanguage,
  type DocumentMailBody,
  type Invoice,
} from '@smb/shared-types';
import type { TenantRow } from '../../db/app-tables';
import type { TenantDb } from '../../db/tenant-database';
import type { MailMessage } from '../../mail/mailer';
import { documentMailAgain } from '../document-mail/document-mail.service';
import { loadInvoice } from '../invoices/invoices.service';
import { customerDocumentLanguage } from '../pdf/document-language.service';
import * as repo from './recurring.repository';

/** A mail to deliver once the invoice's transaction has committed. */
export type PendingMail = () => Promise<MailMessage>;

export interface MailDeps {
  mailer: { send(message: MailMessage): Promise<void> };
  log: { warn(obj: object, msg: string): void };
}

/** A run's mail: its profile and period. */
export interface MailRun {
  profileId: string;
  periodIndex: number;
}

export const MAX_MAIL_ATTEMPTS = 5;
const FIRST_RETRY_MS = 15 * 60_000;

/** When to try again after failed attempt `attempt` (1-based): 15 min, 30, 1 h, 2 h; null: no more. */
export function nextMailAttempt(attempt: number, now: Date): Date | null {
  if (attempt >= MAX_MAIL_ATTEMPTS) return null;
  return new Date(now.getTime() + FIRST_RETRY_MS * 2 ** (attempt - 1));
}

/** The mail of a generated invoice: to its contact, else its customer; null without an address. */
export function recurringMailBody(
  invoice: Invoice,
  tenant: TenantRow,
  language: DocumentLanguage,
): DocumentMailBody | null {
  const to = invoice.contact?.email || invoice.customer.email;
  if (!to) return null;
  const text = defaultDocumentMail(language, {
    kind: 'invoice',
    number: invoice.invoiceNumber,
    company: tenant.natural_name,
    contactName: invoice.contact?.name ?? null,
    total: invoice.total,
    currencyCode: invoice.currencyCode,
    symbol: null,
    dueDate: invoice.dueDate,
  });
  return { to, ...text };
}

/** The mail of an invoice sent before, built again (a retry): same address and text. */
async function mailAgain(db: TenantDb, tenant: TenantRow, invoiceId: string): Promise<MailMessage> {
  const invoice = await loadInvoice(db, invoiceId);
  const language = await customerDocumentLanguage(db, tenant, invoice.customerId);
  const body = recurringMailBody(invoice, tenant, language);
  if (!body) throw new Error('The customer has no e-mail address any more');
  return documentMailAgain({ db, tenant }, 'invoice', invoiceId, {
    ...body,
    to: invoice.emailedTo ?? body.to,
  });
}

/**
 * One attempt at a run's mail, if this runner claims it: `build` gives the message (the first
 * attempt's, read in the invoice's transaction); without it the message is built again.
 */
export async function deliverRunMail(
  db: TenantDb,
  tenant: TenantRow,
  key: MailRun,
  deps: MailDeps,
  now: Date,
  build?: PendingMail,
): Promise<'sent' | 'failed' | 'taken'> {
  const claimed = await repo.claimRunMail(db, key, now, MAX_MAIL_ATTEMPTS);
  if (!claimed?.invoice_id) return 'taken';
  const invoiceId = claimed.invoice_id;
  try {
    await deps.mailer.send(build ? await build() : await mailAgain(db, tenant, invoiceId));
  } catch (err) {
    const retryAt = nextMailAttempt(claimed.mail_attempts, now);
    const error = String((err as Error).message ?? err).slice(0, 1000);
    await repo.finishRunMail(db, key, { state: 'failed', error, retryAt });
    deps.log.warn(
      {
        tenant: tenant.id,
        invoice: invoiceId,
        attempt: claimed.mail_attempts,
        retryAt,
        err: error,
      },
      retryAt
        ? 'recurring invoice not mailed, will try again'
        : 'recurring invoice not mailed, gave up',
    );
    return 'failed';
  }
  await repo.finishRunMail(db, key, { state: 'sent', error: null, retryAt: null });
  return 'sent';
}

/** Tries the tenant's failed (or never tried) mails that are due again. Answers how many went. */
export async function retryRunMails(
  db: TenantDb,
  tenant: TenantRow,
  deps: MailDeps,
  now: Date,
): Promise<number> {
  let sent = 0;
  for (const key of await repo.runMailsDue(db, now, MAX_MAIL_ATTEMPTS)) {
    if ((await deliverRunMail(db, tenant, key, deps, now)) === 'sent') sent += 1;
  }
  return sent;
}
