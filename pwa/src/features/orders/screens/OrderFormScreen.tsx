import { Alert, Group } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { taxRateFor } from '@smb/shared-types/money';
import { ORDER_MESSAGES } from '@smb/shared-types/orders';
import { useParams } from 'react-router-dom';
import { PageLoader } from '../../../components/PageLoader';
import { PdfButton } from '../../../components/pdf/PdfButton';
import { MailButton } from '../../../components/mail/MailButton';
import { EmailedNote } from '../../../components/mail/EmailedNote';
import { DocumentEditor, DocumentNotFound } from '../../../components/documents/DocumentEditor';
import { localDate } from '../../../components/documents/format';
import { displayNumber } from '../../../db/display';
import type { InvoiceRow, OrderRow } from '../../../db/types';
import { useInvoices } from '../../invoices/data/invoices';
import { OrderDetailsCard } from '../components/OrderDetailsCard';
import { orderNumberLabel, updateOrder, useOrder } from '../data/orders';
import { addContactTo } from '../../contacts/data/contacts';

const LIST = { noun: 'Order', listName: 'Orders', listPath: '/dashboard/orders' } as const;

/** /dashboard/orders/{id}: recipient, notes and items are saved with updateOrder. */
export default function OrderFormScreen() {
  const { id } = useParams();
  const order = useOrder(id);
  const invoices = useInvoices();
  if (order === undefined || invoices === undefined) return <PageLoader />;
  if (!order) return <DocumentNotFound {...LIST} />;
  return (
    <OrderForm
      key={order.id}
      order={order}
      invoice={invoices.find((i) => i.orderId === order.id) ?? null}
    />
  );
}

function OrderForm({ order, invoice }: { order: OrderRow; invoice: InvoiceRow | null }) {
  const number = orderNumberLabel(order);
  return (
    <DocumentEditor
      {...LIST}
      createContact={addContactTo}
      document={order}
      guardKey="order-form"
      title={`Order ${number}`}
      readOnly={invoice !== null}
      notice={
        invoice && (
          <Alert
            variant="light"
            color="blue"
            icon={<IconLock size={18} />}
            data-testid="invoiced-note"
            role="status"
          >
            {ORDER_MESSAGES.invoiced(displayNumber(invoice.invoiceNumber))}.
          </Alert>
        )
      }
      details={() => (
        <OrderDetailsCard
          orderNumber={number}
          status={order.status}
          date={localDate(order.createdAt)}
          currencyCode={order.currencyCode}
        />
      )}
      recipientButtonLabel="Change Recipient"
      emptyItemsText="No items added to this order yet."
      summaryTitle="Order Summary"
      currency={{ fixed: order.currencyCode }}
      taxRate={taxRateFor}
      saveFailed="Failed to update order"
      update={updateOrder}
      actions={() => (
        <Group gap="sm" align="center">
          <EmailedNote doc={order} />
          <MailButton kind="order" doc={order} label={number} />
          <PdfButton kind="order" id={order.id} label={number} />
        </Group>
      )}
    />
  );
}
