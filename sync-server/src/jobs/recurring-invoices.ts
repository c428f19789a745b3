import type { Kysely } from 'kysely';
import type { AppDatabase, TenantRow } from '../db/app-tables';
import type { TenantDb } from '../db/tenant-database';
import { clock } from '../clock';
import { generateDueInvoices } from '../modules/recurring/recurring-generation';
import { deliverRunMail, retryRunMails, type MailDeps } from '../modules/recurring/recurring-mail';
import type { Job } from './scheduler';

export interface RecurringDeps extends MailDeps {
  /** The job's clock (tests move it; the server's is the real one). */
  now?: () => Date;
}

/**
 * Makes every tenant's recurring invoices that are due on its calendar day. Answers how many.
 * Each period commits on its own (recurring-generation.ts), then its mail goes; a mail that
 * fails stays to send, and later ticks try it again (recurring-mail.ts) until it goes or its
 * attempts are used up; the invoice stays issued either way.
 */
export async function runRecurringInvoices(
  db: Kysely<AppDatabase>,
  tenants: TenantRow[],
  deps: RecurringDeps,
): Promise<number> {
  const now = deps.now?.() ?? clock.now();
  let made = 0;
  for (const tenant of tenants) {
    const tenantDb = db.withSchema(tenant.schema_name) as unknown as TenantDb;
    for (const invoice of await generateDueInvoices(tenantDb, tenant, now)) {
      made += 1;
      if (invoice.mail) await deliverRunMail(tenantDb, tenant, invoice, deps, now, invoice.mail);
    }
    await retryRunMails(tenantDb, tenant, deps, now);
  }
  return made;
}

/**
 * Recurring invoices, every 15 minutes (a company's day starts on the quarter hour in every
 * time zone). The scheduler runs it once across the servers; the work runs after its
 * transaction, one short transaction per period, so no lock is held over all tenants, and a
 * period is made once even by two runs at the same time (its key in recurring_runs).
 */
export function recurringInvoices(deps: RecurringDeps): Job {
  return {
    name: 'recurring-invoices',
    everyMs: 15 * 60_000,
    async run(trx) {
      const tenants = await trx.withSchema('app').selectFrom('tenants').selectAll().execute();
      return async (db) => {
        await runRecurringInvoices(db, tenants, deps);
      };
    },
  };
}
