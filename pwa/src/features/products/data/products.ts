import {
  PRODUCT_MESSAGES,
  productError,
  productInput,
  type ProductCreateBody,
  type ProductUpdateBody,
} from '@smb/shared-types/products';
import { entityWrites } from '../../../sync/entity-writes';

const products = entityWrites({
  name: 'product',
  entity: 'products',
  notFound: PRODUCT_MESSAGES.notFound,
  input: (body: ProductCreateBody | ProductUpdateBody) => productInput(body),
  problem: (input, creating) => productError(input, creating),
  createArgs: (input, id) => ({
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
  }),
});

export const createProduct = products.create;
export const updateProduct = products.update;
export const deleteProduct = products.remove;
