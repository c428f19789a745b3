import { memo, useCallback } from 'react';
import { IconBuildingStore } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { CrudListScreen } from '../../../components/crud/CrudListScreen';
import { useSearchedList } from '../../../components/crud/useSearchedList';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { CustomerTable } from '../components/CustomerTable';
import { deleteCustomer } from '../data/customers';
import { customersMatching, prepareCustomerSearch, readCustomers } from '../data/customer-list';
import { requireDatabase, useDatabase } from '../../../db/current';
import type { CustomerRow } from '../../../db/types';
import { ExportCsvButton } from '../../../components/list/ExportCsvButton';
import { ImportCsvButton } from '../../../components/list/ImportCsvButton';
import { CUSTOMER_COLUMNS, withMainContacts } from '../../csv/data/list-columns';

/** Deleting a customer deletes everything that belongs to it, and says so. */
export const CUSTOMER_DELETE_WARNING =
  'Are you sure you want to delete this customer? All of its contacts, quotes and quote items, orders and order items will be permanently removed. This action cannot be undone.';

/**
 * The table re-renders only when its rows (or their sync marks) change: a keystroke in the search
 * box renders the screen with the previous page until the search's rows arrive, and fifty rows of
 * buttons need not be rendered again for that.
 */
const Table = memo(CustomerTable);

export default function CustomerListScreen() {
  const navigate = useNavigate();
  const db = useDatabase();
  const list = useSearchedList(readCustomers);
  const pendingIds = usePendingIds('customers');
  const onContacts = useCallback(
    (c: CustomerRow) =>
      navigate('/dashboard/contacts', { state: { customerId: c.id, customerName: c.name } }),
    [navigate],
  );
  const onEdit = useCallback(
    (c: CustomerRow) => navigate(`/dashboard/customers/${c.id}`),
    [navigate],
  );

  return (
    <CrudListScreen
      title="Customers"
      description="The companies you do business with."
      noun="customers"
      singular="customer"
      addLabel="Add Customer"
      addPath="/dashboard/customers/new"
      empty={{
        icon: <IconBuildingStore size={28} />,
        title: 'No customers yet',
        description:
          'Add the companies you work with, together with their main contact, to start sending quotes.',
      }}
      list={list}
      onSearchFocus={() => prepareCustomerSearch(db)}
      deleteMessage={CUSTOMER_DELETE_WARNING}
      remove={(customer) => deleteCustomer(customer.id)}
      headerActions={
        <>
          <ImportCsvButton kind="customers" />
          <ExportCsvButton
            noun="customers"
            columns={CUSTOMER_COLUMNS}
            disabled={!list.page || list.page.total === 0}
            rows={async () => {
              const db = requireDatabase();
              return withMainContacts(db, await customersMatching(db, list.search));
            }}
          />
        </>
      }
    >
      {(rows, onDelete) => (
        <Table
          rows={rows}
          pendingIds={pendingIds}
          onContacts={onContacts}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
    </CrudListScreen>
  );
}
