import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCalendarEvent, IconCash, IconTrash } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DecimalInput } from '../../../components/DecimalInput';
import { isIssued, overdueLabel } from '@smb/shared-types/invoices';
import { compareMoney } from '@smb/shared-types/money';
import { formatMoney } from '../../../lib/formats';
import {
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_TERMS_LABELS,
  overdueDays,
  today,
  type PaymentMethod,
  type PaymentTerms,
} from '@smb/shared-types/payments';
import { ValidationError } from '../../../db/errors';
import type { InvoiceRow, PaymentRow } from '../../../db/types';
import { TermsModal } from './TermsModal';
import { useAuth } from '../../../lib/auth-context';
import {
  balanceOf,
  deletePayment,
  paymentError,
  recordPayment,
  usePayments,
} from '../data/payments';
import { formatDate } from './format';
import { useAction } from '../../../lib/useAction';
import { DateInput } from '../../../components/DateInput';
import { DetailField } from '../../../components/documents/DetailParts';

const dateText = (date: string | null | undefined) => formatDate(date);

/** Issue and due dates, terms, paid, balance and days overdue, with the payments and their form. */
export function PaymentsCard({ invoice }: { invoice: InvoiceRow }) {
  const { claims } = useAuth();
  const admin = claims?.IsTenantAdmin === 'true';
  const payments = usePayments(invoice.id);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const balance = balanceOf(invoice);
  const late = overdueDays({ status: invoice.status, dueDate: invoice.dueDate ?? null, balance });
  const money = (amount: string | number) => formatMoney(amount, invoice.currencyCode);
  const canPay = invoice.status !== 'Cancelled' && compareMoney(balance, 0) > 0;
  // The due date stays editable while a draft (the server refuses it once issued).
  const canChangeTerms =
    !isIssued(invoice) &&
    invoice.status !== 'Cancelled' &&
    compareMoney(invoice.amountPaid ?? 0, 0) === 0;
  const [termsOpen, setTermsOpen] = useState(false);
  const [toDelete, setToDelete] = useState<PaymentRow | null>(null);

  return (
    <Card padding="lg" shadow="xs">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={4}>Payments</Title>
          {late > 0 && (
            <Badge color="red" variant="filled" radius="sm" data-testid="overdue-badge">
              Overdue · {overdueLabel(late)}
            </Badge>
          )}
        </Group>
        <Group gap="sm">
          {canChangeTerms && (
            <Button
              variant="default"
              leftSection={<IconCalendarEvent size={16} />}
              onClick={() => setTermsOpen(true)}
            >
              Change Due Date
            </Button>
          )}
          <Button
            leftSection={<IconCash size={16} />}
            onClick={() => setOpen(true)}
            disabled={!canPay}
          >
            Record Payment
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="lg" mb="md">
        <DetailField size="sm" label="Issue Date">
          {dateText(invoice.issueDate)}
        </DetailField>
        <DetailField size="sm" label="Due Date">
          {dateText(invoice.dueDate)}
        </DetailField>
        <DetailField size="sm" label="Payment Terms">
          {invoice.paymentTerms
            ? (PAYMENT_TERMS_LABELS[invoice.paymentTerms as PaymentTerms] ?? invoice.paymentTerms)
            : '—'}
        </DetailField>
        <DetailField size="sm" label="Paid">
          {money(invoice.amountPaid ?? 0)}
        </DetailField>
        <DetailField size="sm" label="Balance Due">
          <Text span fw={700} c={late > 0 ? 'red' : undefined} data-testid="balance-due">
            {money(balance)}
          </Text>
        </DetailField>
      </SimpleGrid>
      {error && (
        <Alert color="red" mb="sm" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {payments && payments.length > 0 ? (
        <Table.ScrollContainer minWidth={280} type="native">
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th visibleFrom="sm">Date</Table.Th>
                <Table.Th>
                  <Text span inherit visibleFrom="sm">
                    Method
                  </Text>
                  <Text span inherit hiddenFrom="sm">
                    Payment
                  </Text>
                </Table.Th>
                <Table.Th visibleFrom="sm">Reference</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                {admin && <Table.Th w={40} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={p.id} data-testid="payment-row">
                  <Table.Td visibleFrom="sm">{dateText(p.paidOn)}</Table.Td>
                  <Table.Td>
                    {PAYMENT_METHOD_LABELS[p.method as PaymentMethod] ?? p.method}
                    {/* On a phone the date, reference and note sit under the method: the
                        amount keeps its room and the reference is not squeezed into a column. */}
                    <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                      {[dateText(p.paidOn), p.reference, p.note].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{p.reference ?? '—'}</Text>
                    {p.note && (
                      <Text size="xs" c="dimmed">
                        {p.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {money(p.amount)}
                  </Table.Td>
                  {admin && (
                    <Table.Td>
                      <Tooltip label="Delete payment">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete payment of ${money(p.amount)}`}
                          onClick={() => setToDelete(p)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          No payments recorded yet.
        </Text>
      )}
      <PaymentModal invoice={invoice} opened={open} onClose={() => setOpen(false)} />
      {termsOpen && <TermsModal invoice={invoice} onClose={() => setTermsOpen(false)} />}
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete Payment"
        message={
          toDelete
            ? `Delete the payment of ${money(toDelete.amount)} from ${dateText(toDelete.paidOn)}? The balance due goes up by that amount.`
            : ''
        }
        confirmLabel="Delete"
        color="red"
        onConfirm={() =>
          toDelete ? deletePayment(toDelete).catch((e: Error) => setError(e.message)) : undefined
        }
        onClose={() => setToDelete(null)}
      />
    </Card>
  );
}

function PaymentModal({
  invoice,
  opened,
  onClose,
}: {
  invoice: InvoiceRow;
  opened: boolean;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState<number | string>(Number(balanceOf(invoice)));
  const [paidOn, setPaidOn] = useState(today());
  const [method, setMethod] = useState<string>('bank_transfer');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const record = useAction(
    async (input: Parameters<typeof recordPayment>[1]) => {
      await recordPayment(invoice.id, input);
      setError(null);
      onClose();
    },
    (e) => setError(e instanceof ValidationError ? e.message : 'Failed to record payment'),
  );
  const submit = () => {
    const input = { amount: Number(amount), paidOn, method, reference, note };
    const problem = paymentError(invoice, input);
    if (problem) setError(problem);
    else void record.run(input);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Record Payment</Text>}>
      <Stack gap="sm">
        {error && <Alert color="red">{error}</Alert>}
        <DecimalInput
          label="Amount"
          value={amount}
          onChange={setAmount}
          decimals={2}
          description={`Balance due ${formatMoney(balanceOf(invoice), invoice.currencyCode)}`}
        />
        <DateInput label="Date" value={paidOn} onChange={(day) => setPaidOn(day ?? '')} />
        <Select
          label="Method"
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
          value={method}
          onChange={(v) => v && setMethod(v)}
          allowDeselect={false}
        />
        <TextInput
          label="Reference"
          value={reference}
          maxLength={200}
          onChange={(e) => setReference(e.currentTarget.value)}
        />
        <TextInput
          label="Note"
          value={note}
          maxLength={1000}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={record.busy}>
            Record Payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
