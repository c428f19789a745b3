import { useEffect, useState } from 'react';
import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { companyNameFromSchema } from '@smb/shared-types/auth';
import { ORDER_TAX_RATE } from '@smb/shared-types/money';
import { ORDER_MESSAGES } from '@smb/shared-types/orders';
import { documentInputError } from '@smb/shared-types/quotes';
import { useNavigate, useParams } from 'react-router-dom';
import { PageLoader } from '../../../components/PageLoader';
import {
  draftFromDocument,
  draftItems,
  useDocumentDraft,
} from '../../../components/documents/draft';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { localDate } from '../../../components/documents/format';
import { ItemsTable } from '../../../components/documents/ItemsTable';
import { NotesCard } from '../../../components/documents/NotesCard';
import { RecipientCard } from '../../../components/documents/RecipientCard';
import { PaymentSummaryCard, TotalsCard } from '../../../components/documents/SummaryCards';
import { useUpdateGuard } from '../../../app/useUpdateGuard';
import { displayNumber } from '../../../db/display';
import { ValidationError } from '../../../db/errors';
import type { InvoiceRow, OrderRow } from '../../../db/types';
import { useAuth } from '../../auth/auth-context';
import { useContacts } from '../../contacts/data/contacts';
import { useCurrencies } from '../../currencies/data/currencies';
import { useCustomers } from '../../customers/data/customers';
import { useInvoices } from '../../invoices/data/invoices';
import { useProducts } from '../../products/data/products';
import { useLocalTenant } from '../../tenant/data/tenant';
import { OrderDetailsCard } from '../components/OrderDetailsCard';
import { orderNumberLabel, updateOrder, useOrder } from '../data/orders';

const SAVE_FAILED = 'Failed to update order';

/** /dashboard/orders/{id}: recipient, notes and items are saved with updateOrder. */
export default function OrderFormScreen() {
  const { id } = useParams();
  const order = useOrder(id);
  const invoices = useInvoices();
  const navigate = useNavigate();
  if (order === undefined || invoices === undefined) return <PageLoader />;
  if (!order)
    return (
      <Stack gap="lg">
        <Alert color="red" variant="light" title="Order not found">
          This order does not exist or has been deleted.
        </Alert>
        <Group>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate('/dashboard/orders')}
          >
            Back to Orders
          </Button>
        </Group>
      </Stack>
    );
  return (
    <OrderForm
      key={order.id}
      order={order}
      invoice={invoices.find((i) => i.orderId === order.id) ?? null}
    />
  );
}

function OrderForm({ order, invoice }: { order: OrderRow; invoice: InvoiceRow | null }) {
  const navigate = useNavigate();
  const { claims } = useAuth();
  const tenant = useLocalTenant();
  const customers = useCustomers();
  const contacts = useContacts();
  const products = useProducts();
  const currencies = useCurrencies();
  const { draft, dirty, update, reset } = useDocumentDraft(draftFromDocument(order));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const readOnly = invoice !== null;
  useUpdateGuard('order-form', dirty && !readOnly);

  const version = `${order.version}|${order.updatedAt}`;
  useEffect(() => {
    if (!dirty) reset(draftFromDocument(order));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored order changes
  }, [version]);

  const companyName = tenant?.naturalName || companyNameFromSchema(claims?.tenantSchema);
  const currency = currencies?.find((c) => c.code === order.currencyCode) ?? null;
  const number = orderNumberLabel(order);
  const back = () => navigate('/dashboard/orders');

  const onSave = async () => {
    setError(null);
    const input = {
      customerId: draft.customerId,
      contactId: draft.contactId,
      notes: draft.notes,
      items: draftItems(draft.lines),
    };
    const problem = documentInputError(input);
    if (problem) return setError(problem);
    setSaving(true);
    try {
      await updateOrder(order.id, input);
      reset(draft);
      navigate('/dashboard/orders');
    } catch (e) {
      setError(e instanceof ValidationError ? e.message : SAVE_FAILED);
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text c="dimmed" size="sm" fw={500}>
            {companyName}
          </Text>
          <Title order={2}>Order {number}</Title>
        </div>
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={back}>
          Back to Orders
        </Button>
      </Group>

      <ErrorBanner message={error} onClose={() => setError(null)} />
      {invoice && (
        <Alert
          variant="light"
          color="blue"
          icon={<IconLock size={18} />}
          data-testid="invoiced-note"
          role="status"
        >
          {ORDER_MESSAGES.invoiced(displayNumber(invoice.invoiceNumber))}.
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <OrderDetailsCard
              orderNumber={number}
              status={order.status}
              date={localDate(order.createdAt)}
              currencyCode={order.currencyCode}
            />
            <RecipientCard
              value={{ customerId: draft.customerId, contactId: draft.contactId }}
              onChange={(r) => update(r)}
              customers={customers}
              contacts={contacts}
              buttonLabel="Change Recipient"
              readOnly={readOnly}
            />
            <ItemsTable
              lines={draft.lines}
              onChange={(lines) => update({ lines })}
              products={products}
              currencyCode={order.currencyCode}
              symbol={currency?.symbol}
              emptyText="No items added to this order yet."
              readOnly={readOnly}
            />
            <NotesCard
              value={draft.notes}
              onChange={(notes) => update({ notes })}
              readOnly={readOnly}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <PaymentSummaryCard />
            <TotalsCard
              title="Order Summary"
              lines={draft.lines}
              taxRate={ORDER_TAX_RATE}
              currencyCode={order.currencyCode}
              symbol={currency?.symbol}
            />
          </Stack>
        </Grid.Col>
      </Grid>

      <Paper withBorder p="md">
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={back}>
            Cancel
          </Button>
          {!readOnly && (
            <Button onClick={() => void onSave()} disabled={saving}>
              {saving ? 'Saving...' : 'Update Order'}
            </Button>
          )}
        </Group>
      </Paper>
    </Stack>
  );
}
