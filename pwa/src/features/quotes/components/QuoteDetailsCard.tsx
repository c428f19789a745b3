import { Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '../../../components/DateInput';
import { QUOTE_STATUSES, formatDay, utcDay, viewedLine } from '@smb/shared-types/quotes';
import { StatusBadge } from '../../../components/documents/StatusBadge';
import type { QuoteRow } from '../../../db/types';
import { quoteDisplayStatus } from './QuoteValidity';
import { formatDateTime } from '../../../lib/formats';

interface QuoteDetailsCardProps {
  companyName: string;
  quoteNumber: string;
  quote: QuoteRow;
  onStatusChange: (status: string) => void;
  /** A Draft's valid-until day, saved at once like the status (null clears it). */
  onValidUntilChange: (day: string | null) => void;
  disabled?: boolean;
}

const Label = ({ children }: { children: string }) => (
  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
    {children}
  </Text>
);

/** "11/24/26, 2:02 PM" (en-US), "24.11.26, 14:02" (de-DE) in the reader's time zone. */
const dayAndTime = (iso: string) => formatDateTime(iso);

/**
 * Quote Details (edit only): company, number, the status dropdown that saves at once, and (issue
 * 19.5–19.7) the valid-until day, how often the customer viewed it, who accepted it and why it was
 * declined — the reason is plain text, rendered as text.
 */
export function QuoteDetailsCard({
  companyName,
  quoteNumber,
  quote,
  onStatusChange,
  onValidUntilChange,
  disabled,
}: QuoteDetailsCardProps) {
  const shown = quoteDisplayStatus(quote);
  const viewed = viewedLine(quote);
  const draft = quote.status === 'Draft';
  return (
    <Card p="lg">
      <Group justify="space-between" mb="md">
        <Title order={3} size="h4">
          Quote Details
        </Title>
        <StatusBadge status={shown} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        <div>
          <Label>Company</Label>
          <Text fw={500}>{companyName}</Text>
        </div>
        <div>
          <Label>Quote Number</Label>
          <Text fw={500}>{quoteNumber}</Text>
        </div>
        <Select
          label="Status"
          data={[...QUOTE_STATUSES]}
          value={quote.status}
          allowDeselect={false}
          disabled={disabled}
          onChange={(value) => {
            if (value && value !== quote.status) onStatusChange(value);
          }}
        />
        {draft ? (
          <DateInput
            label="Valid until"
            description={quote.validUntil ? undefined : 'Set when sent, from the company default'}
            min={utcDay(new Date())}
            value={quote.validUntil ?? ''}
            disabled={disabled}
            onChange={(day) => {
              // A day still being typed (or refused) changes nothing; a cleared field is "default".
              if (day !== null) onValidUntilChange(day || null);
            }}
          />
        ) : (
          <div>
            <Label>Valid until</Label>
            <Text fw={500} c={shown === 'Expired' ? 'orange.8' : undefined}>
              {quote.validUntil
                ? `${formatDay(quote.validUntil)}${shown === 'Expired' ? ' (expired)' : ''}`
                : '—'}
            </Text>
          </div>
        )}
      </SimpleGrid>
      {(viewed || quote.acceptedByName || quote.status === 'Rejected') && (
        <Stack gap={6} mt="md">
          {viewed && (
            <Text size="sm" c="dimmed" data-testid="quote-viewed">
              {viewed}
            </Text>
          )}
          {quote.status === 'Accepted' && quote.acceptedByName && (
            <Text size="sm" data-testid="quote-accepted-by">
              Accepted by <strong>{quote.acceptedByName}</strong>
              {quote.acceptedAt ? ` · ${dayAndTime(quote.acceptedAt)}` : ''}
            </Text>
          )}
          {quote.status === 'Rejected' && (
            <div data-testid="quote-rejection">
              <Text size="sm" fw={600}>
                {quote.rejectedAt ? `Declined · ${dayAndTime(quote.rejectedAt)}` : 'Declined'}
              </Text>
              <Text
                size="sm"
                c={quote.rejectionReason ? undefined : 'dimmed'}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {quote.rejectionReason ? quote.rejectionReason : 'No reason given.'}
              </Text>
            </div>
          )}
        </Stack>
      )}
    </Card>
  );
}
