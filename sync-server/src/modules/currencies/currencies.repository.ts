import type { Selectable } from 'kysely';
import { recordRows } from '../../db/records';
import type { ListQuery } from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { containingText, fetchPage, type Page } from '../../db/query';
import type { CurrencyTable } from '../../db/tables/currencies.table';

export type CurrencyRow = Selectable<CurrencyTable>;

const rows = recordRows('currencies');
export const findCurrency = rows.find;
export const insertCurrency = rows.insert;
export const updateCurrency = rows.update;
export const deleteCurrency = rows.remove;

export async function findCurrencyByCode(
  db: TenantDb,
  code: string,
): Promise<CurrencyRow | undefined> {
  return db.selectFrom('currencies').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function findDefaultCurrency(db: TenantDb): Promise<CurrencyRow | undefined> {
  return db.selectFrom('currencies').selectAll().where('is_default', '=', true).executeTakeFirst();
}

export async function listCurrencies(db: TenantDb, filter: ListQuery): Promise<Page<CurrencyRow>> {
  const base = db.selectFrom('currencies').$call(containingText(filter.q, ['code', 'name']));
  return fetchPage(base, (q) => q.selectAll().orderBy('code').orderBy('id'), filter);
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
