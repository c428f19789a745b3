import {
  PRODUCT_MESSAGES,
  newProductValues,
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
  createArgs: (input, id) => ({ id, ...newProductValues(input) }),
});

export const createProduct = products.create;
export const updateProduct = products.update;
export const deleteProduct = products.remove;
