import type { TenantDb } from '../../db/tenant-database';

type Entity = 'invoices' | 'orders' | 'credit_notes';

export async function lockDocument(trx: TenantDb, entity: Entity, id: string) {
  return trx.selectFrom(entity).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Claims a send's id; false when it was claimed before (the send is not made again). */
export async function claimMail(
  trx: TenantDb,
  row: { id: string; entity: Entity; entity_id: string; sent_to: string },
): Promise<boolean> {
  const claimed = await trx
    .insertInto('document_mails')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function recordSend(
  trx: TenantDb,
  entity: Entity,
  id: string,
  send: { to: string; version: string },
): Promise<void> {
  const now = new Date();
  await trx
    .updateTable(entity)
    .set({ emailed_at: now, emailed_to: send.to, version: send.version, updated_at: now })
    .where('id', '=', id)
    .execute();
}
