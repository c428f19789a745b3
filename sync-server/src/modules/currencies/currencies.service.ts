import {
  CURRENCY_MESSAGES,
  toRateNumber,
  currencyError,
  currencyInput,
  type Currency,
  type CurrencyCreateBody,
  type CurrencyUpdateBody,
  type ListQuery,
} from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { isUniqueViolation, searchText, versionFields, type Page } from '../../db/query';
import { badRequest, conflict, orNotFound } from '../../errors';
import { requireTenantAdmin, type TenantScope } from '../tenant-scope';
import { recordWrites } from '../record-writes';
import * as repo from './currencies.repository';

export function toCurrency(row: repo.CurrencyRow): Currency {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    symbol: row.symbol,
    taxRate: toRateNumber(row.tax_rate),
    dollarExchangeRate: Number(row.dollar_exchange_rate),
    isDefault: row.is_default,
    ...versionFields(row),
  };
}

export async function listCurrencies(
  scope: TenantScope,
  query: ListQuery,
): Promise<Page<Currency>> {
  const page = await repo.listCurrencies(scope.db, { ...query, q: searchText(query) });
  return { rows: page.rows.map(toCurrency), total: page.total };
}

export async function getCurrency(scope: TenantScope, id: string): Promise<Currency> {
  return toCurrency(orNotFound(await repo.findCurrency(scope.db, id), CURRENCY_MESSAGES.notFound));
}

export async function getCurrencyByCode(scope: TenantScope, code: string): Promise<Currency> {
  const row = await repo.findCurrencyByCode(scope.db, code.trim().toUpperCase());
  return toCurrency(orNotFound(row, CURRENCY_MESSAGES.notFound));
}

export async function getDefaultCurrency(scope: TenantScope): Promise<Currency> {
  return toCurrency(
    orNotFound(await repo.findDefaultCurrency(scope.db), CURRENCY_MESSAGES.noDefault),
  );
}

/** The company's own (default) currency and the one named, where they exist (no 404). */
export async function ownAndNamedCurrency(
  scope: Pick<TenantScope, 'db'>,
  code: string,
): Promise<Currency[]> {
  const rows = await Promise.all([
    repo.findDefaultCurrency(scope.db),
    repo.findCurrencyByCode(scope.db, code.trim().toUpperCase()),
  ]);
  return rows.filter((row): row is repo.CurrencyRow => !!row).map(toCurrency);
}

const writes = recordWrites('currencies', CURRENCY_MESSAGES);

/** Currency writes are for administrators, through REST or sync alike. */
const requireAdmin = (scope: TenantScope) => requireTenantAdmin(scope, CURRENCY_MESSAGES.adminOnly);

function uniqueViolation(err: unknown, code: string | undefined): unknown {
  if (isUniqueViolation(err, 'currencies_code_key') && code)
    return conflict(CURRENCY_MESSAGES.codeTaken(code));
  if (isUniqueViolation(err, 'currencies_pkey')) return conflict(CURRENCY_MESSAGES.idTaken);
  return err;
}

/**
 * `currency.create` (admin). Making it the default unsets the previous default in the same
 * transaction; the tenant's first currency is always the default.
 */
export async function createCurrency(
  scope: TenantScope,
  body: CurrencyCreateBody,
): Promise<Currency> {
  requireAdmin(scope);
  const input = currencyInput(body);
  const problem = currencyError(input, true);
  if (problem) throw badRequest(problem);
  try {
    return await writes.create(scope, body.id, async (trx, id, version) => {
      if (await repo.findCurrencyByCode(trx, input.code!))
        throw conflict(CURRENCY_MESSAGES.codeTaken(input.code!));
      const isDefault = input.isDefault === true || !(await repo.findDefaultCurrency(trx));
      if (isDefault) await repo.unsetOtherDefaults(trx, id, version);
      const row = await repo.insertCurrency(trx, {
        id,
        code: input.code!,
        name: input.name!,
        symbol: input.symbol!,
        tax_rate: String(input.taxRate ?? 0),
        dollar_exchange_rate: String(input.dollarExchangeRate ?? 1),
        is_default: isDefault,
        version,
      });
      return toCurrency(row);
    });
  } catch (err) {
    throw uniqueViolation(err, input.code);
  }
}

/**
 * `currency.update` (admin): only the fields sent change. The default cannot be un-defaulted (make
 * another one the default instead); the code of a currency in use cannot change.
 */
export async function updateCurrency(
  scope: TenantScope,
  id: string,
  body: CurrencyUpdateBody,
): Promise<Currency> {
  requireAdmin(scope);
  const input = currencyInput(body);
  try {
    return await writes.change(scope, id, async (trx, version) => {
      const existing = (await repo.findCurrency(trx, id))!;
      const problem = currencyError(input, false);
      if (problem) throw badRequest(problem);
      if (input.isDefault === false && existing.is_default)
        throw badRequest(CURRENCY_MESSAGES.keepDefault);
      if (input.code !== undefined && input.code !== existing.code) {
        if (await repo.findCurrencyByCode(trx, input.code))
          throw conflict(CURRENCY_MESSAGES.codeTaken(input.code));
        if (await repo.currencyCodeInUse(trx, existing.code))
          throw conflict(CURRENCY_MESSAGES.codeInUse);
      }
      if (input.isDefault === true && !existing.is_default)
        await repo.unsetOtherDefaults(trx, id, version);
      const row = await repo.updateCurrency(trx, id, {
        code: input.code,
        name: input.name,
        symbol: input.symbol,
        tax_rate: input.taxRate === undefined ? undefined : String(input.taxRate),
        dollar_exchange_rate:
          input.dollarExchangeRate === undefined ? undefined : String(input.dollarExchangeRate),
        is_default: input.isDefault,
        version,
        updated_at: new Date(),
      });
      return toCurrency(row);
    });
  } catch (err) {
    throw uniqueViolation(err, input.code);
  }
}

/** `currency.delete` (admin): never the default, never one that products, quotes, orders or invoices use. */
export async function deleteCurrency(scope: TenantScope, id: string): Promise<void> {
  requireAdmin(scope);
  await writes.remove(scope, id, async (trx) => {
    const existing = (await repo.findCurrency(trx, id))!;
    if (existing.is_default) throw conflict(CURRENCY_MESSAGES.deleteDefault);
    if (await repo.currencyCodeInUse(trx, existing.code)) throw conflict(CURRENCY_MESSAGES.inUse);
    await repo.deleteCurrency(trx, id);
  });
}

/** Whether the tenant has the currency (products are priced in one of theirs). */
export async function currencyExists(db: TenantDb, code: string): Promise<boolean> {
  return (await repo.findCurrencyByCode(db, code)) !== undefined;
}
