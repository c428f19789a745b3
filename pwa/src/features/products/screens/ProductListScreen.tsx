import { useMemo, useState } from 'react';
import { Button, EmptyState, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPackage, IconPlus, IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDeleteModal } from '../../../components/crud/ConfirmDeleteModal';
import { ErrorBanner, errorText } from '../../../components/crud/ErrorBanner';
import { PageHeader } from '../../../components/crud/PageHeader';
import { PAGE_SIZE, TablePager } from '../../../components/crud/TablePager';
import { TableSkeleton } from '../../../components/crud/TableSkeleton';
import type { ProductRow } from '../../../db/types';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { ProductTable } from '../components/ProductTable';
import { useProductCurrencies, useProductPage } from '../data/product-list';
import { deleteProduct } from '../data/products';

export default function ProductListScreen() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ProductRow | null>(null);
  const list = useProductPage(debounced, page, PAGE_SIZE);
  const currencies = useProductCurrencies();
  const pendingIds = usePendingIds('products');
  const symbols = useMemo(
    () => new Map((currencies?.currencies ?? []).map((c) => [c.code, c.symbol])),
    [currencies],
  );

  const lastPage = list ? Math.max(1, Math.ceil(list.total / PAGE_SIZE)) : 1;
  if (list && page > lastPage) setPage(lastPage);

  const addButton = (
    <Button
      leftSection={<IconPlus size={18} />}
      onClick={() => navigate('/dashboard/products/new')}
    >
      Add Product
    </Button>
  );

  const remove = async () => {
    if (!toDelete) return;
    try {
      await deleteProduct(toDelete.id);
    } catch (e) {
      setError(errorText(e, 'Failed to delete product'));
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Products"
        description="Your catalogue of products and services."
        action={list && list.all > 0 ? addButton : undefined}
      />
      <ErrorBanner message={error} onClose={() => setError(null)} />

      {list === undefined ? (
        <Paper withBorder>
          <TableSkeleton label="Loading products" />
        </Paper>
      ) : list.all === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconPackage size={28} />}
            variant="light"
            title="No products yet"
            description="Add the products and services you sell, with their prices, to put them on quotes."
          >
            <EmptyState.Actions>{addButton}</EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <Paper withBorder>
          <Stack gap={0}>
            <TextInput
              p="md"
              placeholder="Search products..."
              aria-label="Search products"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              maw={420}
            />
            {list.total === 0 ? (
              <Text c="dimmed" ta="center" p="xl">
                No products match “{debounced.trim()}”.
              </Text>
            ) : (
              <ProductTable
                rows={list.rows}
                symbols={symbols}
                pendingIds={pendingIds}
                onEdit={(p) => navigate(`/dashboard/products/${p.id}`)}
                onDelete={setToDelete}
              />
            )}
            <Stack p="md" pt="sm">
              <TablePager page={page} total={list.total} onChange={setPage} noun="products" />
            </Stack>
          </Stack>
        </Paper>
      )}

      <ConfirmDeleteModal
        opened={toDelete !== null}
        title={toDelete ? `Delete ${toDelete.name}?` : 'Delete product?'}
        message="Are you sure you want to delete this product? This action cannot be undone."
        confirmLabel="Delete product"
        onConfirm={remove}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
