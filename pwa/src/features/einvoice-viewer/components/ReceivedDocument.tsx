import { Alert, Badge, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import type { EInvoiceDocument } from '@smb/shared-types/einvoice';
import type { ReceivedEInvoice } from '@smb/shared-types/einvoice/read-file';
import { formatDate } from '../../../lib/formats';
import { ReceivedLines } from './ReceivedLines';
import { ReceivedParty } from './ReceivedParty';
import { Payment, Totals, VatBreakdown } from './ReceivedTotals';

const FORMAT_LABELS: Record<ReceivedEInvoice['format'], string> = {
  UBL: 'UBL XML',
  CII: 'CII XML',
  'Factur-X': 'Factur-X PDF',
};

function Fact({ label, value }: { label: string; value?: string }) {
  if (!value) return null;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function Facts({ doc }: { doc: EInvoiceDocument }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md" verticalSpacing="xs">
      <Fact label="Issue date" value={formatDate(doc.issueDate)} />
      <Fact label="Due date" value={formatDate(doc.dueDate)} />
      <Fact label="Delivery date" value={formatDate(doc.delivery?.date)} />
      <Fact label="Currency" value={doc.currency} />
      <Fact label="Buyer reference" value={doc.buyerReference} />
      <Fact label="Order reference" value={doc.orderReference} />
    </SimpleGrid>
  );
}

/** A received invoice or credit note, laid out like the paper it stands for. Read-only. */
export function ReceivedDocument({
  received,
  fileName,
}: {
  received: ReceivedEInvoice;
  fileName: string;
}) {
  const doc = received.document;
  const kind = doc.kind === 'creditNote' ? 'Credit note' : 'Invoice';
  const corrects = doc.precedingInvoice;
  return (
    <Card withBorder shadow="xs" radius="md" padding="xl" data-testid="einvoice-document">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed" fw={600} tt="uppercase">
              {kind}
            </Text>
            <Title order={3} style={{ overflowWrap: 'anywhere' }}>
              {doc.number}
            </Title>
            <Text size="sm" c="dimmed">
              from {doc.seller.name}
            </Text>
          </div>
          <Group gap="xs">
            <Badge variant="light">{FORMAT_LABELS[received.format]}</Badge>
            <Badge variant="light" color="gray">
              Read-only
            </Badge>
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mt={-12} style={{ overflowWrap: 'anywhere' }}>
          {fileName}
        </Text>

        {corrects && (
          <Alert variant="light" color="orange" icon={<IconReceiptRefund size={18} />}>
            Corrects invoice <strong>{corrects.number}</strong>
            {corrects.issueDate && ` of ${formatDate(corrects.issueDate)}`}
          </Alert>
        )}

        <Facts doc={doc} />
        <Divider />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <ReceivedParty role="Seller" party={doc.seller} />
          <ReceivedParty role="Buyer" party={doc.buyer} />
        </SimpleGrid>
        <Divider />
        <ReceivedLines lines={doc.lines} currency={doc.currency} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="lg">
            <VatBreakdown doc={doc} />
            <Payment doc={doc} />
          </Stack>
          <Totals doc={doc} />
        </SimpleGrid>
        {doc.notes.length > 0 && (
          <Stack gap={4} component="section" aria-label="Notes">
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Notes
            </Text>
            {doc.notes.map((note, i) => (
              <Text size="sm" key={i} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {note}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
