import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import {
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  isPaymentTerms,
  type PaymentTerms,
} from '@smb/shared-types/payments';
import { NotFoundError, ValidationError } from '../../../db/errors';
import { DateInput } from '../../../components/DateInput';
import type { InvoiceRow } from '../../../db/types';
import { changeInvoiceTerms, dueDateOf, termsError } from '../data/reminders';

/** Payment terms and due date of an invoice while nothing is paid; new terms move the due date. */
export function TermsModal({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const [terms, setTerms] = useState<PaymentTerms>(
    isPaymentTerms(invoice.paymentTerms) ? invoice.paymentTerms : 'net_30',
  );
  const [dueDate, setDueDate] = useState(invoice.dueDate ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const input = { paymentTerms: terms, dueDate };
    const problem = termsError(invoice, input);
    if (problem) return setError(problem);
    setSaving(true);
    try {
      await changeInvoiceTerms(invoice.id, input);
      onClose();
    } catch (cause) {
      setError(
        cause instanceof ValidationError || cause instanceof NotFoundError
          ? cause.message
          : 'Failed to change the due date',
      );
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>Change Due Date</Text>}>
      <Stack gap="sm">
        {error && <Alert color="red">{error}</Alert>}
        <Select
          label="Payment Terms"
          data={PAYMENT_TERMS.map((t) => ({ value: t, label: PAYMENT_TERMS_LABELS[t] }))}
          value={terms}
          onChange={(value) => {
            if (!isPaymentTerms(value)) return;
            setTerms(value);
            setDueDate(dueDateOf(invoice, value));
          }}
          allowDeselect={false}
        />
        <DateInput
          label="Due Date"
          value={dueDate}
          onChange={(day) => setDueDate(day ?? '')}
          description="Follows the terms from the issue date; you may pick another day."
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
