import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { prepared } from '../../db/prepared';
import type { TenantDb } from '../../db/tenant-database';

/**
 * Everything a document's content refers to, in one statement instead of four: the customer, the
 * contact, the currency and the products (null or absent when unknown). Ids must be UUIDs or null.
 * Amounts come as text, exact, as every other query gives them.
 */
export async function findReferences(
  db: TenantDb,
  refs: {
    customerId: string | null;
    contactId: string | null;
    currencyCode: string | null;
    productIds: string[];
  },
) {
  const [row] = await referencesStatement(
    db,
    refs.customerId,
    refs.contactId,
    refs.currencyCode,
    refs.productIds,
  );
  return row!;
}

// Prepared: run by every creation and every content change of a quote or order.
const referencesStatement = prepared(
  (
    db: TenantDb,
    customerId: string | null,
    contactId: string | null,
    currencyCode: string | null,
    productIds: string[],
  ) =>
    db.selectNoFrom((eb) => [
      jsonObjectFrom(
        eb
          .selectFrom('customers')
          .select(['id', 'name', 'email', 'address'])
          .where('id', '=', customerId),
      ).as('customer'),
      jsonObjectFrom(
        eb
          .selectFrom('contacts')
          .select(['id', 'customer_id', 'name', 'email', 'role'])
          .where('id', '=', contactId),
      ).as('contact'),
      jsonObjectFrom(
        eb
          .selectFrom('currencies')
          .select(sql<string>`tax_rate::text`.as('tax_rate'))
          .where('code', '=', currencyCode),
      ).as('currency'),
      jsonArrayFrom(
        eb
          .selectFrom('products')
          .select([
            'id',
            'name',
            'sku',
            sql<string>`price::text`.as('price'),
            'tax_rate_id',
            'unit_code',
          ])
          .where(sql<boolean>`id = any(${productIds}::uuid[])`),
      ).as('products'),
      // A tenant has a handful of rates: all of them, for the lines, charges and product defaults.
      jsonArrayFrom(
        eb.selectFrom('tax_rates').select(['id', 'category', sql<string>`rate::text`.as('rate')]),
      ).as('taxRates'),
    ]),
);

export type References = Awaited<ReturnType<typeof findReferences>>;
