import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconFileCheck, IconLock } from '@tabler/icons-react';
import { isIssued } from '@smb/shared-types/invoices';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RefusedChanges } from '../../../components/crud/SaveFeedback';
import type { InvoiceRow } from '../../../db/types';
import { issueInvoice } from '../data/invoices';
import { formatDate } from './format';

export const ISSUE_FAILED = 'Failed to mark the invoice as issued';
export const ISSUED_NOTE =
  'This invoice has been issued: its content, number and dates can no longer change. ' +
  'Corrections are made with a credit note.';
export const DRAFT_NOTE =
  'This invoice is a draft: its due date and terms can still change. Mark it as issued when it ' +
  'goes to the customer (sending it or recording a payment issues it too).';

/** A draft's "Mark as Issued", or the note that an issued invoice is read-only. */
export function IssueState({ invoice }: { invoice: InvoiceRow }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refused = (
    <RefusedChanges
      which={(r) => r.name === 'invoice.issue' && r.args?.id === invoice.id}
      title={ISSUE_FAILED}
    />
  );
  if (isIssued(invoice))
    return (
      <>
        {refused}
        <Alert
          color="gray"
          icon={<IconLock size={18} />}
          title={`Issued ${formatDate(invoice.issuedAt)}`}
        >
          {ISSUED_NOTE}
        </Alert>
      </>
    );
  if (invoice.status === 'Cancelled') return refused;
  return (
    <>
      {refused}
      <Alert color="blue" icon={<IconFileCheck size={18} />} title="Draft">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" style={{ flex: '1 1 20rem' }}>
            {DRAFT_NOTE}
          </Text>
          <Button leftSection={<IconFileCheck size={16} />} onClick={() => setConfirming(true)}>
            Mark as Issued
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red" mt="xs" role="alert">
            {error}
          </Text>
        )}
      </Alert>
      <ConfirmDialog
        opened={confirming}
        title="Mark as issued?"
        message="Once issued, this invoice's content, number and dates can no longer change."
        confirmLabel="Mark as Issued"
        confirmIcon={<IconFileCheck size={16} />}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setError(null);
          try {
            await issueInvoice(invoice.id);
          } catch {
            setError(ISSUE_FAILED);
          }
        }}
      />
    </>
  );
}
