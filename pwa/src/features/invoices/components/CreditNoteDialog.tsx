import { useState } from 'react';
import { dec } from '@smb/shared-types/decimal';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import {
  CREDIT_NOTE_KINDS,
  CREDIT_NOTE_KIND_LABELS,
  CREDIT_NOTE_MESSAGES,
  creditableAmount,
  type CreditNoteKind,
} from '@smb/shared-types/credit-notes';
import { NotFoundError, ValidationError } from '../../../db/errors';
import type { CreditNoteRow, InvoiceRow } from '../../../db/types';
import { createCreditNote } from '../../credit-notes/data/credit-notes';
import { formatAmount } from './format';
import { DecimalInput } from '../../../components/DecimalInput';
import { formatNumber } from '../../../lib/formats';
import { TableHead, alignRight } from '../../../components/list/TableHead';

export const CREDIT_NOTE_FAILED = 'Failed to create the credit note';

/** How many of each invoice line earlier credit notes credited. */
function creditedQuantities(notes: CreditNoteRow[]): Map<string, number> {
  const credited = new Map<string, number>();
  for (const note of notes)
    for (const line of note.items)
      if (line.invoiceItemId)
        credited.set(line.invoiceItemId, (credited.get(line.invoiceItemId) ?? 0) + line.quantity);
  return credited;
}

/**
 * "Credit note" on an issued invoice: in full, chosen lines and quantities, or an amount (tax
 * included), with a reason. The credit note is issued at once (offline too) and lowers the amount
 * due; what was paid beyond it is refunded.
 */
export function CreditNoteDialog({
  invoice,
  creditNotes,
  onClose,
  onCreated,
}: {
  invoice: InvoiceRow;
  creditNotes: CreditNoteRow[];
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const [kind, setKind] = useState<CreditNoteKind>('full');
  const [reason, setReason] = useState('');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [amount, setAmount] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const credited = creditedQuantities(creditNotes);
  const left = creditableAmount({
    total: invoice.total,
    creditedAmount: invoice.creditedAmount ?? 0,
  });
  const money = (v: number | string) => formatAmount(Number(v), invoice.currencyCode);
  const items = [...invoice.items].sort((a, b) => a.position - b.position);

  const submit = async () => {
    setError(null);
    const lines = Object.entries(quantities)
      .filter(([, q]) => q > 0)
      .map(([invoiceItemId, quantity]) => ({ invoiceItemId, quantity }));
    setSaving(true);
    try {
      const id = await createCreditNote(invoice.id, {
        kind,
        reason,
        ...(kind === 'lines' ? { lines } : {}),
        ...(kind === 'amount' ? { amount: typeof amount === 'number' ? amount : NaN } : {}),
      });
      onCreated(id);
    } catch (cause) {
      setError(
        cause instanceof ValidationError || cause instanceof NotFoundError
          ? cause.message
          : CREDIT_NOTE_FAILED,
      );
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} size="lg" title={<Text fw={700}>Credit note</Text>}>
      <Stack gap="sm">
        {error && <Alert color="red">{error}</Alert>}
        <Text size="sm" c="dimmed">
          Still creditable on this invoice: <b>{money(left)}</b>
        </Text>
        <SegmentedControl
          fullWidth
          value={kind}
          onChange={(value) => setKind(value as CreditNoteKind)}
          data={CREDIT_NOTE_KINDS.map((k) => ({ value: k, label: CREDIT_NOTE_KIND_LABELS[k] }))}
        />
        {kind === 'lines' && (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs">
              <TableHead cells={['Line', alignRight('Left'), alignRight('Credit')]} />
              <Table.Tbody>
                {items.map((item) => {
                  const remaining = dec(item.quantity)
                    .minus(credited.get(item.id) ?? 0)
                    .toNumber();
                  return (
                    <Table.Tr key={item.id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {item.productName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatNumber(item.quantity)} × {money(item.unitPrice)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{formatNumber(remaining)}</Table.Td>
                      <Table.Td ta="right" w={110}>
                        <DecimalInput
                          aria-label={`Quantity to credit of ${item.productName}`}
                          decimals={3}
                          disabled={remaining <= 0}
                          value={quantities[item.id] ?? 0}
                          onChange={(v) =>
                            setQuantities((q) => ({ ...q, [item.id]: Number(v) || 0 }))
                          }
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {kind === 'amount' && (
          <DecimalInput
            label="Amount to credit (tax included)"
            description="Shared over the invoice's tax rates as its total is."
            decimals={2}
            value={amount}
            onChange={setAmount}
          />
        )}
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={error === CREDIT_NOTE_MESSAGES.reasonRequired ? error : undefined}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void submit()} loading={saving}>
            Create credit note
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
