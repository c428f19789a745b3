import { DEFAULT_UNIT } from '@smb/shared-types/units';
import { missingRecord, RecordFormFrame } from '../../../components/crud/RecordFormFrame';
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
    taxRateId: product.taxRateId ?? null,
    unitCode: product.unitCode ?? DEFAULT_UNIT,
  };
}

/** /dashboard/products/new and /dashboard/products/{id}. */
export default function ProductFormScreen() {
  const currencies = useProductCurrencies();
  const save = useRecordSave({
    record: 'Product',
    list: LIST,
    save: (values: ProductFormValues, recordId) =>
      recordId === null
        ? createProduct(productBody(values))
        : updateProduct(recordId, productBody(values)),
  });
  const product = useProduct(save.id ?? undefined);

  return (
    <RecordFormFrame
      save={save}
      record="Product"
      plural="Products"
      description={
        save.creating ? 'Add a product or service with its price and stock.' : product?.name
      }
      {...missingRecord(save, product, 'Product')}
      loading={currencies === undefined || (!save.creating && product === undefined)}
      form={() => (
        <ProductForm
          key={product?.id ?? `new-${currencies?.defaultCode ?? ''}`}
          initial={
            product
              ? formValues(product)
              : {
                  name: '',
                  sku: '',
                  price: '',
                  currencyCode: currencies?.defaultCode ?? null,
                  cost: '',
                  stock: '',
                  category: '',
                  supplier: '',
                  description: '',
                  taxRateId: null,
                  unitCode: DEFAULT_UNIT,
                }
          }
          currencies={currencies?.currencies ?? []}
          {...save.formProps}
        />
      )}
    />
  );
}
