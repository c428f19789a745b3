import { useState } from 'react';
import { Button, EmptyState, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconBuildingStore, IconPlus, IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDeleteModal } from '../../../components/crud/ConfirmDeleteModal';
import { ErrorBanner, errorText } from '../../../components/crud/ErrorBanner';
import { PageHeader } from '../../../components/crud/PageHeader';
import { PAGE_SIZE, TablePager } from '../../../components/crud/TablePager';
import { TableSkeleton } from '../../../components/crud/TableSkeleton';
import type { CustomerRow } from '../../../db/types';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { CustomerTable } from '../components/CustomerTable';
import { deleteCustomer } from '../data/customers';
import { useCustomerPage } from '../data/customer-list';

/** Spec §2 (customer delete): everything that goes with the customer. */
export const CUSTOMER_DELETE_WARNING =
  'Are you sure you want to delete this customer? All of its contacts, quotes and quote items, orders and order items will be permanently removed. This action cannot be undone.';

export default function CustomerListScreen() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<CustomerRow | null>(null);
  const list = useCustomerPage(search, page, PAGE_SIZE);
  const pendingIds = usePendingIds('customers');

  // A delete or a narrower search can leave the page past the end.
  const lastPage = list ? Math.max(1, Math.ceil(list.total / PAGE_SIZE)) : 1;
  if (list && page > lastPage) setPage(lastPage);

  const addButton = (
    <Button
      leftSection={<IconPlus size={18} />}
      onClick={() => navigate('/dashboard/customers/new')}
    >
      Add Customer
    </Button>
  );

  const remove = async () => {
    if (!toDelete) return;
    try {
      await deleteCustomer(toDelete.id);
    } catch (e) {
      setError(errorText(e, 'Failed to delete customer'));
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Customers"
        description="The companies you do business with."
        action={list && list.all > 0 ? addButton : undefined}
      />
      <ErrorBanner message={error} onClose={() => setError(null)} />

      {list === undefined ? (
        <Paper withBorder>
          <TableSkeleton label="Loading customers" />
        </Paper>
      ) : list.all === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconBuildingStore size={28} />}
            variant="light"
            title="No customers yet"
            description="Add the companies you work with, together with their main contact, to start sending quotes."
          >
            <EmptyState.Actions>{addButton}</EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <Paper withBorder>
          <Stack gap={0}>
            <TextInput
              p="md"
              placeholder="Search customers..."
              aria-label="Search customers"
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
                No customers match “{search.trim()}”.
              </Text>
            ) : (
              <CustomerTable
                rows={list.rows}
                pendingIds={pendingIds}
                onContacts={(c) =>
                  navigate('/dashboard/contacts', {
                    state: { customerId: c.id, customerName: c.name },
                  })
                }
                onEdit={(c) => navigate(`/dashboard/customers/${c.id}`)}
                onDelete={setToDelete}
              />
            )}
            <Stack p="md" pt="sm">
              <TablePager page={page} total={list.total} onChange={setPage} noun="customers" />
            </Stack>
          </Stack>
        </Paper>
      )}

      <ConfirmDeleteModal
        opened={toDelete !== null}
        title={toDelete ? `Delete ${toDelete.name}?` : 'Delete customer?'}
        message={CUSTOMER_DELETE_WARNING}
        confirmLabel="Delete customer"
        onConfirm={remove}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
