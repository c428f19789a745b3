import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { taxRateFor } from '@smb/shared-types/money';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { ItemsTable, type LinesUpdate } from '../../../components/documents/ItemsTable';
import { taxRateOptions } from '../../../components/documents/LineFields';
import {
  ReadOnlyItemsTable,
  type ReadOnlyDocument,
} from '../../../components/documents/ReadOnlyParts';
import {
  draftFromDocument,
  draftItems,
  emptyLine,
  type DraftLine,
} from '../../../components/documents/draft';
import { useCurrencies, useProducts, useTaxRates } from '../../../db/live';
import type { RecurringProfileRow } from '../../../db/types';
import { messageOf } from '../../../lib/useAction';
import { saveExtras } from '../data/recurring';

export const EXTRAS_TEXT = {
  title: 'Extras for the next invoice',
  none: 'No extras: the next invoice has the lines of each invoice only.',
  hint: 'One-off lines for the next invoice only (a scheduled one or one made now); then they leave the profile.',
  empty: 'No extras yet: add a line.',
  clearTitle: 'Clear the extras?',
  clear: 'The next invoice will have no extra lines.',
} as const;

/** A profile's lines as the read-only table reads them (the totals are the profile's own). */
export const linesDocument = (
  profile: RecurringProfileRow,
  items: RecurringProfileRow['items'],
): ReadOnlyDocument => ({
  currencyCode: profile.currencyCode,
  items,
  subtotal: 0,
  taxAmount: 0,
  total: 0,
  adjustments: [],
  taxBreakdown: [],
});

const draftLinesOf = (profile: RecurringProfileRow) =>
  draftFromDocument({ ...profile, items: profile.items.filter((l) => l.oneOff) }).lines;

/**
 * The next invoice's one-off lines: shown, edited with the document editor's lines (add, change,
 * remove; Save or Cancel) or cleared after a confirmation. Each save queues
 * `recurringProfile.setExtras`, offline too, and shows at once.
 */
export function ExtrasCard({ profile, phone }: { profile: RecurringProfileRow; phone: boolean }) {
  const extras = profile.items.filter((l) => l.oneOff);
  const [lines, setLines] = useState<DraftLine[] | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const products = useProducts();
  const taxRates = useTaxRates();
  const currencies = useCurrencies();
  const currency = currencies?.find((c) => c.code === profile.currencyCode) ?? null;
  const defaultRate = taxRateFor(currency);
  const taxOptions = useMemo(() => taxRateOptions(taxRates, defaultRate), [taxRates, defaultRate]);
  const onChange = useCallback(
    (update: LinesUpdate) => setLines((current) => update(current ?? [])),
    [],
  );
  const edit = () => {
    setError(null);
    const current = draftLinesOf(profile);
    setLines(current.length > 0 ? current : [emptyLine(true)]);
  };
  const save = async () => {
    setError(null);
    try {
      await saveExtras(profile, draftItems(lines ?? []));
      setLines(null);
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <Card withBorder padding="lg" data-testid="extras-card">
      <Group justify="space-between" align="center" mb="xs" wrap="wrap" gap="xs">
        <Title order={4}>{EXTRAS_TEXT.title}</Title>
        {lines === null && (
          <Group gap="xs">
            <Button
              variant="default"
              size="sm"
              leftSection={extras.length > 0 ? <IconEdit size={16} /> : <IconPlus size={16} />}
              onClick={edit}
            >
              {extras.length > 0 ? 'Edit extras' : 'Add extras'}
            </Button>
            {extras.length > 0 && (
              <Button
                variant="subtle"
                color="red"
                size="sm"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirmClear(true)}
              >
                Clear extras
              </Button>
            )}
          </Group>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {EXTRAS_TEXT.hint}
      </Text>
      {error && <ErrorBanner message={error} onClose={() => setError(null)} />}
      {lines !== null ? (
        <Stack gap="sm" mt={error ? 'sm' : 0}>
          <ItemsTable
            lines={lines}
            onChange={onChange}
            products={products}
            currencyCode={profile.currencyCode}
            symbol={currency?.symbol}
            emptyText={EXTRAS_TEXT.empty}
            taxOptions={taxOptions}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setLines(null)}>
              Cancel
            </Button>
            <Button onClick={() => void save()}>Save extras</Button>
          </Group>
        </Stack>
      ) : extras.length > 0 ? (
        <ReadOnlyItemsTable invoice={linesDocument(profile, extras)} compact={phone} />
      ) : (
        <Text size="sm" data-testid="no-extras">
          {EXTRAS_TEXT.none}
        </Text>
      )}
      <ConfirmDialog
        opened={confirmClear}
        title={EXTRAS_TEXT.clearTitle}
        message={EXTRAS_TEXT.clear}
        confirmLabel="Clear extras"
        color="red"
        onConfirm={() => saveExtras(profile, [])}
        onClose={() => setConfirmClear(false)}
      />
    </Card>
  );
}
