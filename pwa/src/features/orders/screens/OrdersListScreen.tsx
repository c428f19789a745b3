import { useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileText, IconTruckDelivery } from '@tabler/icons-react';
import { formatMoney } from '@smb/shared-types/money';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/documents/ConfirmDialog';
import { ErrorBanner } from '../../../components/documents/ErrorBanner';
import { errorMessage, localDate } from '../../../components/documents/format';
import {
  EmptyState,
  ListPagination,
  LoadingState,
  NotSyncedBadge,
  usePage,
} from '../../../components/documents/ListParts';
import { useById } from '../../../components/documents/lookups';
import { StatusBadge } from '../../../components/documents/StatusBadge';
import type { OrderRow } from '../../../db/types';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { useContacts } from '../../contacts/data/contacts';
import { useCustomers } from '../../customers/data/customers';
import { useInvoices } from '../../invoices/data/invoices';
import { OrderRowActions, type OrderAction } from '../components/OrderRowActions';
import { createInvoice, deleteOrder, orderNumberLabel, useOrders } from '../data/orders';

/** /dashboard/orders (spec §2 Orders list). */
export default function OrdersListScreen() {
  const orders = useOrders();
  const customers = useById(useCustomers());
  const contacts = useById(useContacts());
  const invoices = useInvoices();
  const invoiceByOrder = useMemo(
    () => new Map((invoices ?? []).map((i) => [i.orderId, i.id])),
    [invoices],
  );
  const pendingIds = usePendingIds('orders');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<OrderRow | null>(null);
  const [busy, setBusy] = useState(false);
  const { page, pages, setPage, rows } = usePage(orders);

  const onAction = async (action: OrderAction, order: OrderRow) => {
    if (action === 'view') return navigate(`/dashboard/orders/${order.id}`);
    if (action === 'delete') return setToDelete(order);
    const existing = invoiceByOrder.get(order.id);
    if (existing) return navigate(`/dashboard/invoices/${existing}`);
    try {
      const invoiceId = await createInvoice(order.id);
      navigate(`/dashboard/invoices/${invoiceId}`);
    } catch (e) {
      setError(errorMessage(e) ?? 'Failed to create invoice from order');
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await deleteOrder(toDelete.id);
    } catch (e) {
      setError(errorMessage(e) ?? 'Failed to delete order');
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Orders</Title>
        <Button
          component={Link}
          to="/dashboard/quotes"
          variant="default"
          leftSection={<IconFileText size={16} />}
        >
          Go to Quotes
        </Button>
      </Group>

      <ErrorBanner message={error} onClose={() => setError(null)} />

      {orders === undefined ? (
        <Paper withBorder>
          <LoadingState text="Loading orders..." />
        </Paper>
      ) : orders.length === 0 ? (
        <EmptyState
          icon={IconTruckDelivery}
          title="No Orders Yet"
          text="Orders are created from quotes. Convert an accepted quote to start fulfilling it."
          action={
            <Button
              component={Link}
              to="/dashboard/quotes"
              leftSection={<IconFileText size={16} />}
            >
              Go to Quotes
            </Button>
          }
        />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={600} type="native">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              style={{ whiteSpace: 'nowrap' }}
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Order #</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th visibleFrom="lg">Contact</Table.Th>
                  <Table.Th visibleFrom="lg">Date</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows?.map((order) => {
                  const number = orderNumberLabel(order);
                  const customer = customers.get(order.customerId);
                  const contact = order.contactId ? contacts.get(order.contactId) : undefined;
                  return (
                    <Table.Tr key={order.id} data-testid="order-row">
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text
                            component={Link}
                            to={`/dashboard/orders/${order.id}`}
                            fw={600}
                            size="sm"
                            c={order.orderNumber ? 'brand' : 'dimmed'}
                          >
                            {number}
                          </Text>
                          {pendingIds.has(order.id) && <NotSyncedBadge />}
                        </Group>
                      </Table.Td>
                      <Table.Td>{customer?.name ?? 'N/A'}</Table.Td>
                      <Table.Td visibleFrom="lg">{contact?.name ?? 'N/A'}</Table.Td>
                      <Table.Td visibleFrom="lg">{localDate(order.createdAt)}</Table.Td>
                      <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(order.total, order.currencyCode)}
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge status={order.status} />
                      </Table.Td>
                      <Table.Td>
                        <OrderRowActions
                          order={order}
                          numberLabel={number}
                          invoiced={invoiceByOrder.has(order.id)}
                          onAction={(a, o) => void onAction(a, o)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination page={page} pages={pages} onChange={setPage} />
        </Paper>
      )}

      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete Order"
        message="Are you sure you want to delete this order?"
        confirmLabel="Delete"
        color="red"
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
