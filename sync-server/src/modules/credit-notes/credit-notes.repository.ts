import { sql, type Insertable } from 'kysely';
import type { ListQuery } from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { containingText, fetchPage, newestFirst, rowsWithIds } from '../../db/query';
import { LINE_ITEM_COLUMN_NAMES } from '../../db/tables/documents.table';
import type { CreditNoteLineTable, CreditNoteTable } from '../../db/tables/credit-notes.table';

const fromCreditNotes = (db: TenantDb) =>
  db.selectFrom('credit_notes as cn').innerJoin('invoices as inv', 'inv.id', 'cn.invoice_id');

const withInvoiceNumber = (query: ReturnType<typeof fromCreditNotes>) =>
  query.selectAll('cn').select('inv.invoice_number as invoice_number');

export type CreditNoteRow = Awaited<ReturnType<typeof findCreditNotesByIds>>[number];

export const findCreditNotesByIds = (db: TenantDb, ids: string[]) =>
  rowsWithIds(withInvoiceNumber(fromCreditNotes(db)), 'cn.id', ids);

/** One page, newest first; `q` matches the credit note's or invoice's number or the customer. */
export async function listCreditNotes(db: TenantDb, query: ListQuery & { invoiceId?: string }) {
  const base = fromCreditNotes(db)
    .$call(
      containingText(query.q, ['cn.credit_note_number', 'inv.invoice_number', 'cn.customer_name']),
    )
    .$if(query.invoiceId !== undefined, (q) => q.where('cn.invoice_id', '=', query.invoiceId!));
  return fetchPage(base, (q) => newestFirst(withInvoiceNumber(q), 'cn'), query);
}

export async function findCreditNoteLines(db: TenantDb, creditNoteIds: string[]) {
  if (creditNoteIds.length === 0) return [];
  return db
    .selectFrom('credit_note_lines')
    .select([...LINE_ITEM_COLUMN_NAMES, 'credit_note_id', 'invoice_item_id'])
    .where('credit_note_id', 'in', creditNoteIds)
    .orderBy('credit_note_id')
    .orderBy('position')
    .execute();
}

/** How many of each invoice line earlier credit notes credited. */
export async function creditedQuantities(db: TenantDb, invoiceId: string) {
  const rows = await db
    .selectFrom('credit_note_lines as l')
    .innerJoin('credit_notes as cn', 'cn.id', 'l.credit_note_id')
    .select(['l.invoice_item_id', sql<string>`sum(l.quantity)`.as('quantity')])
    .where('cn.invoice_id', '=', invoiceId)
    .where('l.invoice_item_id', 'is not', null)
    .groupBy('l.invoice_item_id')
    .execute();
  return new Map(rows.map((r) => [r.invoice_item_id!, Number(r.quantity)]));
}

export async function countCreditNotes(db: TenantDb, invoiceId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_notes')
    .select(sql<string>`count(*)`.as('n'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCreditNote(
  trx: TenantDb,
  row: Insertable<CreditNoteTable>,
  lines: Insertable<CreditNoteLineTable>[],
) {
  await trx.insertInto('credit_notes').values(row).execute();
  if (lines.length) await trx.insertInto('credit_note_lines').values(lines).execute();
}
