import { useMemo, useState } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { IconFileText, IconTruckDelivery } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { DocumentList, documentExportRows } from '../../../components/documents/DocumentList';
import { errorMessage } from '../../../components/documents/format';
import { useById } from '../../../components/documents/lookups';
import { ExportCsvButton } from '../../../components/list/ExportCsvButton';
import { ORDER_COLUMNS } from '../../csv/data/list-columns';
import type { OrderRow } from '../../../db/types';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { useInvoices } from '../../invoices/data/invoices';
import { orderRowActions, type OrderAction } from '../components/OrderRowActions';
import { usePdfAction } from '../../../components/pdf/usePdfAction';
import { useMailAction } from '../../../components/mail/useMailAction';
import { createInvoice, deleteOrder, orderNumberLabel, useOrders } from '../data/orders';
import { useContacts, useCustomers } from '../../../db/live';
import { useAction } from '../../../lib/useAction';
import { LinkButton } from '../../../components/LinkButton';

/** /dashboard/orders: the orders list. */
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
  const pdf = usePdfAction('order');
  const mail = useMailAction('order');

  const onAction = async (action: OrderAction, order: OrderRow) => {
    if (action === 'view') return navigate(`/dashboard/orders/${order.id}`);
    if (action === 'pdf') return pdf.makePdf(order.id);
    if (action === 'email') return mail.open(order, orderNumberLabel(order));
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

  const remove = useAction(
    async (order: OrderRow) => {
      try {
        await deleteOrder(order.id);
      } finally {
        setToDelete(null);
      }
    },
    (e) => setError(errorMessage(e) ?? 'Failed to delete order'),
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Orders</Title>
        <Group gap="sm" wrap="wrap">
          <ExportCsvButton
            noun="orders"
            columns={ORDER_COLUMNS}
            disabled={!orders || orders.length === 0}
            onError={setError}
            rows={() => documentExportRows(orders, orderNumberLabel, customers, contacts)}
          />
          <LinkButton to="/dashboard/quotes" variant="default" icon={IconFileText}>
            Go to Quotes
          </LinkButton>
        </Group>
      </Group>

      <ErrorBanner message={error} onClose={() => setError(null)} />

      <DocumentList
        documents={orders}
        loadingText="Loading orders..."
        empty={{
          icon: IconTruckDelivery,
          title: 'No Orders Yet',
          text: 'Orders are created from quotes. Convert an accepted quote to start fulfilling it.',
          action: (
            <LinkButton to="/dashboard/quotes" icon={IconFileText}>
              Go to Quotes
            </LinkButton>
          ),
        }}
        customers={customers}
        contacts={contacts}
        numberHeader="Order #"
        testId="order-row"
        numberOf={(row) => ({
          label: orderNumberLabel(row),
          assigned: Boolean(row.orderNumber),
        })}
        href={(row) => `/dashboard/orders/${row.id}`}
        pendingIds={pendingIds}
        actionsOf={(row, label) =>
          orderRowActions(row, label, invoiceByOrder.has(row.id), (a, o) => void onAction(a, o))
        }
      />

      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete Order"
        message="Are you sure you want to delete this order?"
        confirmLabel="Delete"
        color="red"
        busy={remove.busy}
        onConfirm={() => {
          if (toDelete) void remove.run(toDelete);
        }}
        onClose={() => setToDelete(null)}
      />
      {pdf.dialog}
      {mail.dialog}
    </Stack>
  );
}
