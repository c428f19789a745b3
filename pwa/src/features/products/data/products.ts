import {
  PRODUCT_MESSAGES,
  productError,
  productInput,
  type ProductCreateBody,
  type ProductUpdateBody,
} from '@smb/shared-types/products';
import { requireDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { NotFoundError, ValidationError } from '../../../db/errors';
import { newId } from '../../../db/meta';
import { mutate } from '../../../sync/mutate';
import { queueUpdate } from '../../../sync/update-args';

export async function createProduct(
  body: ProductCreateBody,
  db: SmbDatabase = requireDatabase(),
): Promise<string> {
  const input = productInput(body);
  const problem = productError(input, true);
  if (problem) throw new ValidationError(problem);
  const id = newId();
  await mutate(db, 'product.create', {
    id,
    name: input.name ?? '',
    sku: input.sku ?? null,
    price: input.price ?? 0,
    currencyCode: input.currencyCode ?? '',
    cost: input.cost ?? null,
    stock: input.stock ?? null,
    category: input.category ?? null,
    supplier: input.supplier ?? null,
    description: input.description ?? null,
  });
  return id;
}

export async function updateProduct(
  id: string,
  body: ProductUpdateBody,
  db: SmbDatabase = requireDatabase(),
): Promise<boolean> {
  const input = productInput(body);
  const problem = productError(input, false);
  if (problem) throw new ValidationError(problem);
  return queueUpdate(db, 'product.update', 'products', id, { ...input }, PRODUCT_MESSAGES.notFound);
}

export async function deleteProduct(
  id: string,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    if (!(await db.products.get(id))) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
    await mutate(db, 'product.delete', { id });
  });
}
