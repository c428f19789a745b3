import { useMemo } from 'react';
import { IconPackage } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { CrudListScreen } from '../../../components/crud/CrudListScreen';
import { useSearchedList } from '../../../components/crud/useSearchedList';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { ProductTable } from '../components/ProductTable';
import { productsMatching, readProducts, useProductCurrencies } from '../data/product-list';
import { requireDatabase } from '../../../db/current';
import { ExportCsvButton } from '../../../components/list/ExportCsvButton';
import { ImportCsvButton } from '../../../components/list/ImportCsvButton';
import { PRODUCT_COLUMNS } from '../../csv/data/list-columns';
import { deleteProduct } from '../data/products';

export default function ProductListScreen() {
  const navigate = useNavigate();
  const list = useSearchedList(readProducts, 200);
  const currencies = useProductCurrencies();
  const pendingIds = usePendingIds('products');
  const symbols = useMemo(
    () => new Map((currencies?.currencies ?? []).map((c) => [c.code, c.symbol])),
    [currencies],
  );

  return (
    <CrudListScreen
      title="Products"
      description="Your catalogue of products and services."
      noun="products"
      singular="product"
      addLabel="Add Product"
      addPath="/dashboard/products/new"
      empty={{
        icon: <IconPackage size={28} />,
        title: 'No products yet',
        description:
          'Add the products and services you sell, with their prices, to put them on quotes.',
      }}
      list={list}
      deleteMessage="Are you sure you want to delete this product? This action cannot be undone."
      remove={(product) => deleteProduct(product.id)}
      headerActions={
        <>
          <ImportCsvButton kind="products" />
          <ExportCsvButton
            noun="products"
            columns={PRODUCT_COLUMNS}
            disabled={!list.page || list.page.total === 0}
            rows={() => productsMatching(requireDatabase(), list.searched)}
          />
        </>
      }
    >
      {(rows, onDelete) => (
        <ProductTable
          rows={rows}
          symbols={symbols}
          pendingIds={pendingIds}
          onEdit={(p) => navigate(`/dashboard/products/${p.id}`)}
          onDelete={onDelete}
        />
      )}
    </CrudListScreen>
  );
}
