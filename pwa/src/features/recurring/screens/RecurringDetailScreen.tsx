import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconEdit,
  IconFilePlus,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LinkButton } from '../../../components/LinkButton';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { BackLink, DetailField } from '../../../components/documents/DetailParts';
import { ReadOnlyItemsTable } from '../../../components/documents/ReadOnlyParts';
import { displayNumber } from '../../../db/display';
import { formatDate, formatMoney } from '../../../lib/formats';
import { messageOf } from '../../../lib/useAction';
import { ExtrasCard, linesDocument } from '../components/ExtrasCard';
import { RecurringStatusBadge } from '../components/RecurringStatusBadge';
import {
  nextFiveDates,
  profileControl,
  scheduleInWords,
  skipNext,
  useProfileInvoices,
  useRecurringProfile,
  type RecurringListItem,
} from '../data/recurring';

export const RECURRING_DETAIL = {
  invoiceNowTitle: 'Invoice now?',
  invoiceNow:
    'An invoice is made now for the current period. The next scheduled invoice still comes on its date.',
  deleteTitle: 'Delete this recurring invoice?',
  delete: 'It makes no more invoices. The invoices it made stay.',
  skipped: 'The next invoice is skipped.',
  noInvoices: 'No invoices made yet.',
  ended: 'This recurring profile has ended: it makes no more invoices.',
} as const;

const MODE_LABELS = {
  draft: 'Creates a draft for review',
  'issue-and-mail': 'Issues and mails each invoice automatically',
} as const;

type Confirm = 'invoiceNow' | 'delete' | null;

function RecurringDetail({ item }: { item: RecurringListItem }) {
  const { profile } = item;
  const invoices = useProfileInvoices(profile.id);
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 36em)');
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const dates = nextFiveDates(profile);
  const regular = profile.items.filter((l) => !l.oneOff);
  return (
    <Stack gap="lg">
      <div>
        <BackLink to="/dashboard/recurring" label="Back to Recurring" />
        <Group justify="space-between" align="center" mt={6} wrap="wrap" gap="sm">
          <Group gap="sm">
            <Title order={2}>{item.customerName || 'Recurring invoice'}</Title>
            <RecurringStatusBadge status={item.status} />
          </Group>
          <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(item.total, profile.currencyCode)}
          </Text>
        </Group>
      </div>
      {error && <ErrorBanner message={error} onClose={() => setError(null)} />}
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <DetailField label="Schedule">{scheduleInWords(profile)}</DetailField>
          <DetailField label="Mode">{MODE_LABELS[profile.mode]}</DetailField>
          <DetailField label="Next dates">
            {dates.length === 0 ? (
              RECURRING_DETAIL.ended
            ) : (
              <List size="sm" data-testid="next-dates">
                {dates.map((date, index) => (
                  <List.Item key={date}>
                    {formatDate(date)}
                    {index === 0 && profile.skipNext ? ' (skipped)' : ''}
                  </List.Item>
                ))}
              </List>
            )}
          </DetailField>
          {profile.skipNext && (
            <Text size="sm" c="dimmed">
              {RECURRING_DETAIL.skipped}
            </Text>
          )}
          <Group gap="xs" wrap="wrap" mt="xs">
            {profile.status === 'paused' ? (
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() =>
                  void run(() => profileControl('recurringProfile.resume', profile.id))
                }
              >
                Resume
              </Button>
            ) : (
              <Button
                variant="default"
                leftSection={<IconPlayerPause size={16} />}
                disabled={item.status === 'Ended'}
                onClick={() => void run(() => profileControl('recurringProfile.pause', profile.id))}
              >
                Pause
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconPlayerSkipForward size={16} />}
              disabled={item.status === 'Ended'}
              onClick={() => void run(() => skipNext(profile.id, !profile.skipNext))}
            >
              {profile.skipNext ? 'Do not skip' : 'Skip next'}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFilePlus size={16} />}
              onClick={() => setConfirm('invoiceNow')}
            >
              Invoice now
            </Button>
            <LinkButton
              to={`/dashboard/recurring/${profile.id}/edit`}
              variant="default"
              icon={IconEdit}
            >
              Edit
            </LinkButton>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirm('delete')}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Title order={4} mb="sm">
          Lines of each invoice
        </Title>
        <ReadOnlyItemsTable invoice={linesDocument(profile, regular)} compact={!!phone} />
      </Card>
      <ExtrasCard profile={profile} phone={!!phone} />
      <Card withBorder padding="lg">
        <Title order={4} mb="sm">
          Invoices made
        </Title>
        {invoices && invoices.length > 0 ? (
          <Stack gap={6} data-testid="profile-invoices">
            {invoices.map((invoice) => (
              <Group key={invoice.id} justify="space-between">
                <Anchor component={Link} to={`/dashboard/invoices/${invoice.id}`} size="sm">
                  {displayNumber(invoice.invoiceNumber)}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {invoice.issueDate ? formatDate(invoice.issueDate) : ''} ·{' '}
                  {formatMoney(invoice.total, invoice.currencyCode)}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {RECURRING_DETAIL.noInvoices}
          </Text>
        )}
      </Card>
      <ConfirmDialog
        opened={confirm === 'invoiceNow'}
        title={RECURRING_DETAIL.invoiceNowTitle}
        message={RECURRING_DETAIL.invoiceNow}
        confirmLabel="Invoice now"
        onConfirm={() => profileControl('recurringProfile.invoiceNow', profile.id)}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        opened={confirm === 'delete'}
        title={RECURRING_DETAIL.deleteTitle}
        message={RECURRING_DETAIL.delete}
        confirmLabel="Delete"
        color="red"
        onConfirm={async () => {
          await profileControl('recurringProfile.delete', profile.id);
          void navigate('/dashboard/recurring');
        }}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}

/** /dashboard/recurring/{id}: the schedule, its next dates, its controls and its invoices. */
export default function RecurringDetailScreen() {
  const { id } = useParams();
  const item = useRecurringProfile(id);
  if (item === undefined) return <PageLoader />;
  if (item === null)
    return (
      <Stack gap="lg">
        <BackLink to="/dashboard/recurring" label="Back to Recurring" />
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Recurring invoice not found">
          This recurring invoice does not exist or has not reached this device yet.
        </Alert>
      </Stack>
    );
  return <RecurringDetail key={item.profile.id} item={item} />;
}
