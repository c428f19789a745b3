import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, Text, Title } from '@mantine/core';
import { IconBellOff, IconBellRinging, IconMail } from '@tabler/icons-react';
import { REMINDER_MESSAGES, reminderLine } from '@smb/shared-types/reminders';
import { compareMoney } from '@smb/shared-types/money';
import { ValidationError, NotFoundError } from '../../../db/errors';
import type { InvoiceRow } from '../../../db/types';
import { balanceOf } from '../data/payments';
import { setRemindersStopped } from '../data/reminders';
import { useAction } from '../../../lib/useAction';

export const REMINDERS_SAVE_FAILED = 'Failed to change reminders';

/**
 * The payment reminders e-mailed for this invoice ("Reminder 2 sent 28 Nov"), and "Stop
 * reminders" / "Resume reminders". The server sends them on the company's policy (Settings).
 */
export function RemindersCard({ invoice }: { invoice: InvoiceRow }) {
  const [error, setError] = useState<string | null>(null);
  const reminders = invoice.reminders ?? [];
  const stopped = invoice.remindersStopped ?? false;
  const open =
    invoice.status !== 'Cancelled' &&
    invoice.status !== 'Paid' &&
    compareMoney(balanceOf(invoice), 0) > 0;

  const toggle = useAction(
    () => setRemindersStopped(invoice.id, !stopped),
    (cause) =>
      setError(
        cause instanceof ValidationError || cause instanceof NotFoundError
          ? `${REMINDERS_SAVE_FAILED}: ${cause.message}`
          : REMINDERS_SAVE_FAILED,
      ),
  );

  return (
    <Card padding="lg" shadow="xs" data-testid="reminders-card">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={3} size="h4">
            Reminders
          </Title>
          {stopped && (
            <Badge color="gray" variant="light" radius="sm">
              Stopped
            </Badge>
          )}
        </Group>
        {open && (
          <Button
            variant="default"
            leftSection={stopped ? <IconBellRinging size={16} /> : <IconBellOff size={16} />}
            onClick={() => {
              setError(null);
              void toggle.run();
            }}
            loading={toggle.busy}
          >
            {stopped ? 'Resume reminders' : 'Stop reminders'}
          </Button>
        )}
      </Group>
      {error && (
        <Alert
          color="red"
          mb="sm"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
      {reminders.length === 0 ? (
        <Text size="sm" c="dimmed">
          {REMINDER_MESSAGES.none}
        </Text>
      ) : (
        <List spacing={6} size="sm" icon={<IconMail size={16} />} center>
          {reminders.map((r) => (
            <List.Item key={r.number} data-testid="reminder-line">
              <Text span size="sm" fw={500}>
                {reminderLine(r)}
              </Text>{' '}
              <Text span size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                to {r.sentTo}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      {open && (
        <Text size="xs" c="dimmed" mt="sm">
          {stopped
            ? 'No more reminders are e-mailed for this invoice until you resume them.'
            : 'Overdue invoices are reminded by e-mail, with the invoice attached, as set in Settings.'}
        </Text>
      )}
    </Card>
  );
}
