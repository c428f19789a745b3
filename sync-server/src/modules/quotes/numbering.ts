import { sql } from 'kysely';
import { documentNumber } from '@smb/shared-types';
import type { CounterTable, TenantDb } from '../../db/tenant-database';

const PREFIX: Record<CounterTable['name'], string> = { quote: 'Q', order: 'SO', invoice: 'INV' };

/**
 * The next quote/order/invoice number of the tenant (`Q-0001`, `SO-0001`, `INV-0001`). Call it in
 * the writing transaction, after `nextVersion`: the UPDATE holds the counter's row lock until
 * commit, so numbers are unique and — as a rollback also undoes the increment — gapless.
 */
export async function nextDocumentNumber(
  trx: TenantDb,
  kind: CounterTable['name'],
): Promise<string> {
  const row = await trx
    .updateTable('counters')
    .set({ value: sql<number>`value + 1` })
    .where('name', '=', kind)
    .returning('value')
    .executeTakeFirstOrThrow();
  return documentNumber(PREFIX[kind], Number(row.value));
}
