import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { FormShell, FormSkeleton } from '../../../components/crud/FormShell';
import { useRecordSave } from '../../../components/crud/useRecordSave';
import type { ProductRow } from '../../../db/types';
import { ProductForm, productBody, type ProductFormValues } from '../components/ProductForm';
import { useProductCurrencies } from '../data/product-list';
import { createProduct, updateProduct } from '../data/products';
import { useProduct } from '../../../db/live';

const LIST = '/dashboard/products';

function formValues(product: ProductRow): ProductFormValues {
  return {
    name: product.name,
    sku: product.sku ?? '',
    price: product.price,
    currencyCode: product.currencyCode,
    cost: product.cost ?? '',
    stock: product.stock ?? '',
    category: product.category ?? '',
    supplier: product.supplier ?? '',
    description: product.description ?? '',
  };
}

/** /dashboard/products/new and /dashboard/products/{id}. */
export default function ProductFormScreen() {
  const currencies = useProductCurrencies();
  const { id, creating, toList, submit, saving, error, clearError, success } = useRecordSave({
    record: 'Product',
    list: LIST,
    save: (values: ProductFormValues, recordId) =>
      recordId === null
        ? createProduct(productBody(values))
        : updateProduct(recordId, productBody(values)),
  });
  const product = useProduct(id ?? undefined);

  const shell = (body: ReactNode, banner?: string) => (
    <FormShell
      backTo={LIST}
      backLabel="Back to Products"
      title={creating ? 'New Product' : 'Edit Product'}
      description={creating ? 'Add a product or service with its price and stock.' : product?.name}
      success={success}
      banner={<ErrorBanner message={banner ?? error} onClose={clearError} />}
    >
      {body}
    </FormShell>
  );

  if (currencies === undefined || (!creating && product === undefined))
    return shell(<FormSkeleton label="Loading product" />);
  if (!creating && product === null && !success)
    return shell(
      <Button variant="default" onClick={toList}>
        Back to Products
      </Button>,
      'Product not found',
    );

  const initial: ProductFormValues = product
    ? formValues(product)
    : {
        name: '',
        sku: '',
        price: '',
        currencyCode: currencies.defaultCode,
        cost: '',
        stock: '',
        category: '',
        supplier: '',
        description: '',
      };

  return shell(
    <ProductForm
      key={product?.id ?? `new-${currencies.defaultCode ?? ''}`}
      initial={initial}
      currencies={currencies.currencies}
      creating={creating}
      saving={saving}
      done={success !== null}
      onSubmit={submit}
      onCancel={toList}
    />,
  );
}
