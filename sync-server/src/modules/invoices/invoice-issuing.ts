import { INVOICE_MESSAGES, type Invoice } from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { inTransaction } from '../../db/transaction';
import { nextVersion } from '../../db/version';
import { conflict, orNotFound } from '../../errors';
import type { TenantScope } from '../tenant-scope';
import * as repo from './invoices.repository';
import { loadInvoice } from './invoices.service';

type IssueState = { issued_at: Date | null };

/**
 * Issues a locked invoice in the caller's transaction (sending, a payment): from now on it is
 * frozen. Already issued: nothing changes. A cancelled draft is not issued (409).
 */
export async function issueLockedInvoice(
  trx: TenantDb,
  row: IssueState & { id: string; status: string },
  version: string,
): Promise<void> {
  if (row.issued_at !== null) return;
  if (row.status === 'Cancelled') throw conflict(INVOICE_MESSAGES.cancelledDraft);
  await repo.updateInvoice(trx, row.id, { issued_at: new Date(), version, updated_at: new Date() });
}

/**
 * POST /api/invoices/{id}/issue, mutator `invoice.issue` ("Mark as issued"); e-mailing an invoice
 * issues it too. Issuing twice is harmless (the first time stays).
 */
export async function issueInvoice(scope: Pick<TenantScope, 'db'>, id: string): Promise<Invoice> {
  return inTransaction(scope.db, async (trx) => {
    const row = orNotFound(await repo.lockInvoice(trx, id), INVOICE_MESSAGES.notFound);
    if (row.issued_at === null) await issueLockedInvoice(trx, row, await nextVersion(trx));
    return loadInvoice(trx, row.id);
  });
}
