import { memo } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { emptyAdjustment, type DraftAdjustment } from './draft';
import { CURRENCY_RATE, type Option } from './LineFields';

const KIND_OPTIONS = [
  { value: 'charge', label: 'Charge' },
  { value: 'allowance', label: 'Discount' },
];

interface Props {
  adjustments: DraftAdjustment[];
  pricesIncludeTax: boolean;
  taxOptions: Option[];
  onChange: (patch: { adjustments?: DraftAdjustment[]; pricesIncludeTax?: boolean }) => void;
  readOnly: boolean;
  /** false: the document takes no discounts or charges of its own; only the gross switch shows. */
  adjustable?: boolean;
}

/**
 * Document discounts and charges (shipping, an early-payment discount), each with its reason and
 * tax rate, and whether the prices include tax (businesses that sell gross).
 */
export const AdjustmentsCard = memo(function AdjustmentsCard({
  adjustments,
  pricesIncludeTax,
  taxOptions,
  onChange,
  readOnly,
  adjustable = true,
}: Props) {
  const change = (key: string, patch: Partial<DraftAdjustment>) =>
    onChange({ adjustments: adjustments.map((a) => (a.key === key ? { ...a, ...patch } : a)) });
  return (
    <Card p="lg">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={3} size="h4">
          {adjustable ? 'Discounts and charges' : 'Prices'}
        </Title>
        {!readOnly && adjustable && (
          <Group gap="xs">
            <Button
              variant="subtle"
              size="sm"
              leftSection={<IconPlus size={16} />}
              onClick={() => onChange({ adjustments: [...adjustments, emptyAdjustment('charge')] })}
            >
              Add a charge
            </Button>
            <Button
              variant="subtle"
              size="sm"
              leftSection={<IconPlus size={16} />}
              onClick={() =>
                onChange({ adjustments: [...adjustments, emptyAdjustment('allowance')] })
              }
            >
              Add a discount
            </Button>
          </Group>
        )}
      </Group>
      <Stack gap="sm">
        <Switch
          label="Prices include tax"
          description="For businesses that sell gross: the tax is taken out of the prices."
          checked={pricesIncludeTax}
          disabled={readOnly}
          onChange={(e) => onChange({ pricesIncludeTax: e.currentTarget.checked })}
        />
        {adjustments.length === 0 && (
          <Text size="sm" c="dimmed">
            {adjustable
              ? 'No discounts or charges on the whole document.'
              : 'A discount goes on its line: every invoice made takes it.'}
          </Text>
        )}
        {adjustments.map((a, i) => (
          <Group key={a.key} gap="xs" align="flex-end" wrap="nowrap" data-testid="adjustment-row">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" style={{ flex: 1 }}>
              <Select
                aria-label={`Adjustment ${i + 1} kind`}
                label="Kind"
                data={KIND_OPTIONS}
                value={a.kind}
                allowDeselect={false}
                disabled={readOnly}
                onChange={(v) =>
                  change(a.key, { kind: v === 'allowance' ? 'allowance' : 'charge' })
                }
              />
              <TextInput
                label="Reason"
                placeholder={a.kind === 'charge' ? 'Shipping' : 'Early payment'}
                value={a.reason}
                maxLength={200}
                disabled={readOnly}
                error={a.reason.trim() ? undefined : true}
                onChange={(e) => change(a.key, { reason: e.currentTarget.value })}
              />
              <NumberInput
                label="Amount"
                value={a.amount === 0 ? '' : a.amount}
                min={0}
                decimalScale={2}
                allowNegative={false}
                hideControls
                disabled={readOnly}
                onChange={(v) =>
                  change(a.key, { amount: typeof v === 'number' ? v : Number.parseFloat(v) || 0 })
                }
              />
              <Select
                aria-label={`Adjustment ${i + 1} tax rate`}
                label="Tax rate"
                data={taxOptions}
                value={a.taxRateId ?? CURRENCY_RATE}
                allowDeselect={false}
                disabled={readOnly}
                onChange={(v) => change(a.key, { taxRateId: v || null })}
              />
            </SimpleGrid>
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                mb={6}
                aria-label={`Remove adjustment ${i + 1}`}
                onClick={() =>
                  onChange({ adjustments: adjustments.filter((x) => x.key !== a.key) })
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
});
