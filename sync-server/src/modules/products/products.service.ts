import {
  LINE_MESSAGES,
  PRODUCT_MESSAGES,
  toMoneyNumber,
  productError,
  productInput,
  type ListQuery,
  type Product,
  type ProductCreateBody,
  type ProductUpdateBody,
} from '@smb/shared-types';
import { searchText, versionFields, type Page } from '../../db/query';
import type { TenantDb } from '../../db/tenant-database';
import { badRequest, orNotFound } from '../../errors';
import { currencyExists } from '../currencies/currencies.service';
import type { TenantScope } from '../tenant-scope';
import { recordWrites } from '../record-writes';
import * as repo from './products.repository';

export function toProduct(row: repo.ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    price: toMoneyNumber(row.price),
    currencyCode: row.currency_code,
    currency: {
      code: row.currency_code,
      name: row.currency_name ?? row.currency_code,
      symbol: row.currency_symbol ?? '',
    },
    cost: row.cost === null ? null : toMoneyNumber(row.cost),
    stock: row.stock,
    category: row.category,
    supplier: row.supplier,
    description: row.description,
    taxRateId: row.tax_rate_id,
    unitCode: row.unit_code,
    createdAt: row.created_at.toISOString(),
    ...versionFields(row),
  };
}

export async function listProducts(scope: TenantScope, query: ListQuery): Promise<Page<Product>> {
  const page = await repo.listProducts(scope.db, { ...query, q: searchText(query) });
  return { rows: page.rows.map(toProduct), total: page.total };
}

export async function getProduct(scope: TenantScope, id: string): Promise<Product> {
  return toProduct(orNotFound(await repo.findProduct(scope.db, id), PRODUCT_MESSAGES.notFound));
}

async function requireCurrency(db: TenantDb, code: string): Promise<void> {
  if (!(await currencyExists(db, code))) throw badRequest(PRODUCT_MESSAGES.unknownCurrency(code));
}

/** A product's default rate must be one of the tenant's. */
async function requireTaxRate(db: TenantDb, id: string | null | undefined): Promise<void> {
  if (!id) return;
  const found = await db
    .selectFrom('tax_rates')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) throw badRequest(LINE_MESSAGES.unknownTaxRate);
}

const writes = recordWrites('products', PRODUCT_MESSAGES, repo.lockProduct);

/** `product.create`: name and currency required, price 0 when left out. */
export async function createProduct(scope: TenantScope, body: ProductCreateBody): Promise<Product> {
  const input = productInput(body);
  const problem = productError(input, true);
  if (problem) throw badRequest(problem);
  return writes.create(scope, body.id, async (trx, id, version) => {
    await requireCurrency(trx, input.currencyCode!);
    await requireTaxRate(trx, input.taxRateId);
    await repo.insertProduct(trx, {
      id,
      name: input.name!,
      sku: input.sku ?? null,
      price: String(input.price ?? 0),
      currency_code: input.currencyCode!,
      cost: input.cost === undefined || input.cost === null ? null : String(input.cost),
      stock: input.stock ?? null,
      category: input.category ?? null,
      supplier: input.supplier ?? null,
      description: input.description ?? null,
      tax_rate_id: input.taxRateId ?? null,
      unit_code: input.unitCode,
      version,
    });
    return toProduct((await repo.findProduct(trx, id))!);
  });
}

/** `product.update`: only the fields sent change. */
export async function updateProduct(
  scope: TenantScope,
  id: string,
  body: ProductUpdateBody,
): Promise<Product> {
  const input = productInput(body);
  return writes.change(scope, id, async (trx, version) => {
    const problem = productError(input, false);
    if (problem) throw badRequest(problem);
    if (input.currencyCode !== undefined) await requireCurrency(trx, input.currencyCode);
    await requireTaxRate(trx, input.taxRateId);
    await repo.updateProduct(trx, id, {
      name: input.name,
      sku: input.sku,
      price: input.price === undefined ? undefined : String(input.price),
      currency_code: input.currencyCode,
      cost: input.cost === undefined ? undefined : input.cost === null ? null : String(input.cost),
      stock: input.stock,
      category: input.category,
      supplier: input.supplier,
      description: input.description,
      tax_rate_id: input.taxRateId,
      unit_code: input.unitCode,
      version,
      updated_at: new Date(),
    });
    return toProduct((await repo.findProduct(trx, id))!);
  });
}

/** `product.delete`: allowed while quote or order lines use it (they keep their copied values). */
export async function deleteProduct(scope: TenantScope, id: string): Promise<void> {
  await writes.remove(scope, id, (trx, version) => repo.deleteProduct(trx, id, version));
}
