import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPackage } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { CrudListScreen } from '../../../components/crud/CrudListScreen';
import { PAGE_SIZE } from '../../../components/crud/TablePager';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { ProductTable } from '../components/ProductTable';
import { productsMatching, useProductCurrencies, useProductPage } from '../data/product-list';
import { requireDatabase } from '../../../db/current';
import { ExportCsvButton } from '../../../components/list/ExportCsvButton';
import { ImportCsvButton } from '../../../components/list/ImportCsvButton';
import { PRODUCT_COLUMNS } from '../../csv/data/list-columns';
import { deleteProduct } from '../data/products';

export default function ProductListScreen() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [page, setPage] = useState(1);
  const list = useProductPage(debounced, page, PAGE_SIZE);
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
      search={search}
      searched={debounced}
      onSearch={setSearch}
      page={page}
      onPage={setPage}
      deleteMessage="Are you sure you want to delete this product? This action cannot be undone."
      remove={(product) => deleteProduct(product.id)}
      headerActions={
        <>
          <ImportCsvButton kind="products" />
          <ExportCsvButton
            noun="products"
            columns={PRODUCT_COLUMNS}
            disabled={!list || list.total === 0}
            rows={() => productsMatching(requireDatabase(), debounced)}
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
