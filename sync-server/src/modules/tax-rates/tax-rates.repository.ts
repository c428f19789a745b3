import type { Insertable, Updateable } from 'kysely';
import type { TenantDb } from '../../db/tenant-database';
import { clearReferences } from '../../db/version';
import type { TaxRateTable } from '../../db/tables/tax-rates.table';

/** SQL of the tenant's tax rates. Lines keep their snapshot when a rate is deleted. */

export async function listTaxRates(db: TenantDb) {
  return db.selectFrom('tax_rates').selectAll().orderBy('name').orderBy('id').execute();
}

export async function findTaxRate(db: TenantDb, id: string, forUpdate = false) {
  return db
    .selectFrom('tax_rates')
    .selectAll()
    .where('id', '=', id)
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function insertTaxRate(trx: TenantDb, row: Insertable<TaxRateTable>) {
  return trx.insertInto('tax_rates').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateTaxRate(trx: TenantDb, id: string, set: Updateable<TaxRateTable>) {
  return trx
    .updateTable('tax_rates')
    .set(set)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the rate and clears it as the default of products (which get the new version). */
export async function deleteTaxRate(trx: TenantDb, id: string, version: string) {
  await clearReferences(trx, 'products', 'tax_rate_id', id, { version, updated_at: new Date() });
  await trx.deleteFrom('tax_rates').where('id', '=', id).execute();
}
