import { Stack, Text } from '@mantine/core';
import { DateInput } from '../../../components/DateInput';
import { QUOTE_VALIDITY_MESSAGES, isQuoteExpired, utcDay } from '@smb/shared-types/quotes';
import type { QuoteRow } from '../../../db/types';

/** 'Expired' for a Sent quote past its valid-until day (it can no longer be accepted), else its status. */
export function quoteDisplayStatus(
  quote: Pick<QuoteRow, 'status' | 'validUntil'>,
  now = new Date(),
): string {
  return isQuoteExpired(quote, now) ? 'Expired' : quote.status;
}

/** The send confirmation's text, and for an expired quote the new valid-until day it needs. */
export function SendQuoteMessage({
  quote,
  validUntil,
  onValidUntil,
}: {
  quote: Pick<QuoteRow, 'status' | 'validUntil'>;
  validUntil: string;
  onValidUntil: (day: string) => void;
}) {
  const text =
    'Are you sure you want to send this quote to the customer? The status will change from Draft to Sent.';
  if (!isQuoteExpired(quote, new Date())) return <Text size="sm">{text}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm">{QUOTE_VALIDITY_MESSAGES.newDateNeeded(quote.validUntil!)}</Text>
      <DateInput
        label="New valid-until date"
        required
        min={utcDay(new Date())}
        value={validUntil}
        onChange={(day) => onValidUntil(day ?? '')}
      />
    </Stack>
  );
}

/** Whether the send may go ahead: an expired quote needs a day from today on. */
export function sendReady(quote: Pick<QuoteRow, 'status' | 'validUntil'>, validUntil: string) {
  return !isQuoteExpired(quote, new Date()) || validUntil >= utcDay(new Date());
}
