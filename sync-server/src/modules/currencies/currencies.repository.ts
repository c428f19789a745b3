import type { Insertable, Selectable, Updateable } from 'kysely';
import { isUuid } from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { containsPattern, fetchPage, type Page } from '../../db/query';
import type { CurrencyTable } from '../../db/tables/currencies.table';

export type CurrencyRow = Selectable<CurrencyTable>;

/** The currency, or undefined for an unknown or malformed id (answered 404 alike). */
export async function findCurrency(
  db: TenantDb,
  id: string,
  forUpdate = false,
): Promise<CurrencyRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom('currencies')
    .selectAll()
    .where('id', '=', id)
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function findCurrencyByCode(
  db: TenantDb,
  code: string,
): Promise<CurrencyRow | undefined> {
  return db.selectFrom('currencies').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function findDefaultCurrency(db: TenantDb): Promise<CurrencyRow | undefined> {
  return db.selectFrom('currencies').selectAll().where('is_default', '=', true).executeTakeFirst();
}

export async function listCurrencies(
  db: TenantDb,
  filter: { q?: string; limit?: number; offset?: number },
): Promise<Page<CurrencyRow>> {
  const base = db.selectFrom('currencies').$if(filter.q !== undefined, (q) => {
    const pattern = containsPattern(filter.q!);
    return q.where((eb) => eb.or([eb('code', 'ilike', pattern), eb('name', 'ilike', pattern)]));
  });
  return fetchPage(base, (q) => q.selectAll().orderBy('code').orderBy('id'), filter);
}

export async function insertCurrency(
  db: TenantDb,
  row: Insertable<CurrencyTable>,
): Promise<CurrencyRow> {
  return db.insertInto('currencies').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateCurrency(
  db: TenantDb,
  id: string,
  changes: Updateable<CurrencyTable>,
): Promise<CurrencyRow> {
  return db
    .updateTable('currencies')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Clears the default flag of every currency but `exceptId`, with the writing transaction's version. */
export async function unsetOtherDefaults(
  db: TenantDb,
  exceptId: string,
  version: string,
): Promise<void> {
  await db
    .updateTable('currencies')
    .set({ is_default: false, version, updated_at: new Date() })
    .where('is_default', '=', true)
    .where('id', '!=', exceptId)
    .execute();
}

/** Whether a product, quote, order or invoice names the currency code. */
export async function currencyCodeInUse(db: TenantDb, code: string): Promise<boolean> {
  for (const table of ['products', 'quotes', 'orders', 'invoices'] as const) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('currency_code', '=', code)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export async function deleteCurrency(db: TenantDb, id: string): Promise<void> {
  await db.deleteFrom('currencies').where('id', '=', id).execute();
}
