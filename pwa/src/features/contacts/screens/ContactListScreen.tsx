import { useState } from 'react';
import { Button, EmptyState, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook, IconFilterOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorBanner, errorText } from '../../../components/ErrorBanner';
import { PageHeader } from '../../../components/crud/PageHeader';
import { PAGE_SIZE, TablePager } from '../../../components/crud/TablePager';
import { TableSkeleton } from '../../../components/crud/TableSkeleton';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { ContactTable } from '../components/ContactTable';
import { customerFilterFrom } from '../components/customer-filter';
import {
  contactsMatching,
  useContactPage,
  useCustomerOptions,
  type ContactListRow,
} from '../data/contact-list';
import { requireDatabase } from '../../../db/current';
import { ExportCsvButton } from '../../../components/list/ExportCsvButton';
import { ImportCsvButton } from '../../../components/list/ImportCsvButton';
import { CONTACT_COLUMNS } from '../../csv/data/list-columns';
import { deleteContact } from '../data/contacts';
import { SearchBox } from '../../../components/list/SearchBox';

export default function ContactListScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const [passed, setPassed] = useState(() => customerFilterFrom(location.state));
  const [chosen, setChosen] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [loadErrorDismissed, setLoadErrorDismissed] = useState(false);
  const [toDelete, setToDelete] = useState<ContactListRow | null>(null);

  const customerId = passed?.customerId ?? chosen;
  const customers = useCustomerOptions();
  const list = useContactPage(customerId, debounced, page, PAGE_SIZE);
  const pendingIds = usePendingIds('contacts');

  const data = list?.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  if (data && page > lastPage) setPage(lastPage);

  const customerName =
    passed?.customerName ?? customers?.data?.find((c) => c.id === chosen)?.name ?? '';

  const clearFilter = () => {
    setPassed(null);
    setPage(1);
    // Forget the state too, so a reload does not bring the filter back.
    navigate(location.pathname, { replace: true, state: null });
  };

  const addContact = () =>
    navigate(
      '/dashboard/contacts/new',
      customerId ? { state: { customerId, customerName } } : undefined,
    );

  const remove = async () => {
    if (!toDelete) return;
    try {
      await deleteContact(toDelete.id);
    } catch (e) {
      setError(errorText(e, 'Failed to delete contact'));
    }
  };

  const loadError =
    (customers?.error ? `Failed to load customers: ${customers.error}` : null) ??
    (list?.error ? `Failed to fetch contacts: ${list.error}` : null);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Contacts"
        description="The people at your customers."
        action={
          <Group gap="sm" wrap="wrap">
            <ImportCsvButton kind="contacts" />
            <ExportCsvButton
              noun="contacts"
              columns={CONTACT_COLUMNS}
              disabled={!data || data.total === 0}
              rows={() => contactsMatching(requireDatabase(), customerId, debounced)}
              onError={setError}
            />
            <Button leftSection={<IconPlus size={18} />} onClick={addContact}>
              Add Contact
            </Button>
          </Group>
        }
      />
      <ErrorBanner
        message={error ?? (loadErrorDismissed ? null : loadError)}
        onClose={() => (error ? setError(null) : setLoadErrorDismissed(true))}
      />

      <Paper withBorder>
        <Stack gap={0}>
          <Group p="md" gap="sm" align="flex-end" wrap="wrap">
            {passed ? (
              <Group
                gap="sm"
                px="sm"
                py={6}
                wrap="nowrap"
                style={{
                  background: 'var(--mantine-color-brand-0)',
                  borderRadius: 'var(--mantine-radius-md)',
                }}
              >
                <Text size="sm">
                  Showing contacts of <b>{passed.customerName}</b>
                </Text>
                <Button
                  size="compact-sm"
                  variant="white"
                  leftSection={<IconFilterOff size={14} />}
                  onClick={clearFilter}
                >
                  Clear Filter
                </Button>
              </Group>
            ) : (
              <Select
                label="Customer"
                placeholder="All customers"
                data={(customers?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                value={chosen}
                onChange={(value) => {
                  setChosen(value);
                  setPage(1);
                }}
                searchable
                clearable
                nothingFoundMessage="No customers found"
                w={{ base: '100%', xs: 260 }}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <SearchBox
              noun="contacts"
              label="Search"
              value={search}
              onSearch={(text) => {
                setSearch(text);
                setPage(1);
              }}
              w={{ base: '100%', xs: 260 }}
            />
          </Group>

          {list === undefined ? (
            <TableSkeleton label="Loading contacts" />
          ) : !data ? null : data.all === 0 ? (
            <EmptyState
              py="xl"
              icon={<IconAddressBook size={28} />}
              variant="light"
              title={customerId ? 'No contacts for this customer yet' : 'No contacts yet'}
              description="Add the people you deal with at your customers."
            >
              <EmptyState.Actions>
                <Button leftSection={<IconPlus size={18} />} onClick={addContact}>
                  Add Contact
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          ) : data.total === 0 ? (
            <Text c="dimmed" ta="center" p="xl">
              No contacts match “{debounced.trim()}”.
            </Text>
          ) : (
            <ContactTable
              rows={data.rows}
              pendingIds={pendingIds}
              onEdit={(c) => navigate(`/dashboard/contacts/${c.id}`)}
              onDelete={setToDelete}
            />
          )}
          {data && (
            <Stack p="md" pt="sm">
              <TablePager page={page} total={data.total} onChange={setPage} noun="contacts" />
            </Stack>
          )}
        </Stack>
      </Paper>

      <ConfirmDialog
        opened={toDelete !== null}
        title={toDelete ? `Delete ${toDelete.name}?` : 'Delete contact?'}
        message="Are you sure you want to delete this contact? This action cannot be undone."
        confirmLabel="Delete contact"
        color="red"
        confirmIcon={<IconTrash size={16} />}
        onConfirm={remove}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
