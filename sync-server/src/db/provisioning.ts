import { randomBytes, randomUUID } from 'node:crypto';
import type { CountryRate } from '@smb/shared-types/countries';
import { SIGNUP_FALLBACK_CURRENCY, type SignupCurrency } from '@smb/shared-types/signup-defaults';
import type { TenantRow } from './app-tables';
import { migrateTenant } from './migrate';
import type { Database } from './database';
import { nextVersion } from './version';

/** `<slug>_<random>`: the spec reads a fallback company name from the part before the first underscore. */
export function schemaNameFor(naturalName: string): string {
  const slug =
    naturalName
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '')
      .slice(0, 30) || 'tenant';
  const safe = /^[a-z]/.test(slug) ? slug : `t${slug}`;
  return `${safe}_${randomBytes(5).toString('hex')}`;
}

/**
 * Creates the tenant's schema with every tenant migration and its default currency (USD, $, 0 %
 * unless the sign-up's country chose another, with that country's standard tax rate), at rate 1,
 * and the country's standard and reduced tax rates as its first tax-rate records.
 * The control-plane row is written by the caller in its own transaction; if that fails, call
 * `dropTenantSchema`. (PGlite serialises transactions, so the schema is built before, not inside, it.)
 */
export async function createTenantSchema(
  database: Database,
  naturalName: string,
  currency: SignupCurrency = SIGNUP_FALLBACK_CURRENCY,
  rates: readonly CountryRate[] = [],
): Promise<Pick<TenantRow, 'id' | 'natural_name' | 'schema_name'>> {
  const schemaName = schemaNameFor(naturalName);
  await migrateTenant(database.pool, schemaName);
  await database
    .tenantDb(schemaName)
    .transaction()
    .execute(async (trx) => {
      const version = await nextVersion(trx);
      await trx
        .insertInto('currencies')
        .values({
          id: randomUUID(),
          code: currency.code,
          name: currency.name,
          symbol: currency.symbol,
          tax_rate: currency.taxRate,
          dollar_exchange_rate: '1',
          is_default: true,
          version,
        })
        .execute();
      for (const rate of rates)
        await trx
          .insertInto('tax_rates')
          .values({
            id: randomUUID(),
            name: rate.name,
            rate: rate.rate,
            category: Number(rate.rate) > 0 ? 'S' : 'Z',
            exemption_reason: null,
            version,
          })
          .execute();
    });
  return { id: randomUUID(), natural_name: naturalName, schema_name: schemaName };
}

export async function dropTenantSchema(database: Database, schemaName: string): Promise<void> {
  if (!/^[a-z][a-z0-9]*_[0-9a-f]{10}$/.test(schemaName))
    throw new Error(`Refusing to drop schema ${schemaName}`);
  await database.dropSchema(schemaName);
}
