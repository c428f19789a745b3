import { memo, useCallback } from 'react';
import { Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { UNITS } from '@smb/shared-types/units';
import { TAX_CATEGORY_RULES } from '@smb/shared-types/tax-categories';
import type { TaxRateRow } from '../../db/types';
import type { DraftLine } from './draft';

/**
 * A line's own fields beside its product: description, unit, tax rate and discount.
 * Each select is memoized on primitive props, so a keystroke in one field renders no select again.
 */

export type ChangeLine = (key: string, change: (line: DraftLine) => DraftLine) => void;

/** Inputs a finger can hit: at least 44 px high (WCAG 2.5.5). */
export const TOUCH_INPUT = { input: { minHeight: 44 } };
const COMBOBOX_PROPS = { withinPortal: true, keepMounted: false } as const;

export interface Option {
  value: string;
  label: string;
}

/** '' in a select: the line names no rate and takes the currency's. */
export const CURRENCY_RATE = '';

export const UNIT_OPTIONS: Option[] = Object.entries(UNITS).map(([code, label]) => ({
  value: code,
  label,
}));

export const DISCOUNT_KIND_OPTIONS: Option[] = [
  { value: 'percent', label: '%' },
  { value: 'amount', label: 'Amount' },
];

/** The rate options: the currency's default first, then the tenant's rates. */
export function taxRateOptions(rates: TaxRateRow[] | undefined, defaultRate: string): Option[] {
  return [
    { value: CURRENCY_RATE, label: `Currency rate (${defaultRate} %)` },
    ...(rates ?? []).map((r) => ({
      value: r.id,
      label: TAX_CATEGORY_RULES[r.category].taxed
        ? `${r.name} (${r.rate} %)`
        : `${r.name} (${r.category})`,
    })),
  ];
}

type Pick = (line: DraftLine, value: string) => DraftLine;
const pickTaxRate: Pick = (line, value) => ({ ...line, taxRateId: value || null });
const pickUnit: Pick = (line, value) => ({ ...line, unitCode: value });
const pickDiscountKind: Pick = (line, value) => ({
  ...line,
  discountKind: value === 'amount' ? 'amount' : 'percent',
});

/** What a line's inputs are given to change it: the change, and whether they are sized for fingers. */
export interface LineEditing {
  changeLine: ChangeLine;
  phone: boolean;
}

/** What each select of a line is given besides its own label, value and options. */
type LineSelectContext = LineEditing & { lineKey: string };

const LineSelect = memo(function LineSelect({
  ariaLabel,
  lineKey,
  pick,
  changeLine,
  phone,
  ...select
}: LineSelectContext & {
  ariaLabel: string;
  label?: string;
  value: string;
  data: Option[];
  pick: Pick;
  w?: number;
}) {
  const onChange = useCallback(
    (value: string | null) => changeLine(lineKey, (line) => pick(line, value ?? '')),
    [changeLine, lineKey, pick],
  );
  return (
    <Select
      {...select}
      aria-label={ariaLabel}
      allowDeselect={false}
      onChange={onChange}
      comboboxProps={COMBOBOX_PROPS}
      styles={phone ? TOUCH_INPUT : undefined}
    />
  );
});

interface LineFieldsProps extends LineEditing {
  line: DraftLine;
  label: string;
  taxOptions: Option[];
}

/** A line's description, written into the line as it is typed (at most 2000 characters). */
export function LineDescriptionInput({
  line,
  ariaLabel,
  changeLine,
  phone,
  ...input
}: LineEditing & {
  line: DraftLine;
  ariaLabel: string;
  label?: string;
  placeholder: string;
  error?: boolean;
}) {
  return (
    <TextInput
      aria-label={ariaLabel}
      {...input}
      value={line.description}
      maxLength={2000}
      onChange={(e) => {
        const description = e.currentTarget.value;
        changeLine(line.key, (l) => ({ ...l, description }));
      }}
      styles={phone ? TOUCH_INPUT : undefined}
    />
  );
}

/** Description (for a product line), unit, tax rate and discount of one line. */
export function LineFields({ line, label, taxOptions, changeLine, phone }: LineFieldsProps) {
  const styles = phone ? TOUCH_INPUT : undefined;
  const select: LineSelectContext = { lineKey: line.key, changeLine, phone };
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: line.free ? 3 : 4 }} spacing="xs">
      {!line.free && (
        <LineDescriptionInput
          line={line}
          ariaLabel={`${label} description`}
          label="Description"
          placeholder="Shown under the product"
          changeLine={changeLine}
          phone={phone}
        />
      )}
      <LineSelect
        {...select}
        ariaLabel={`${label} unit`}
        label="Unit"
        value={line.unitCode}
        data={UNIT_OPTIONS}
        pick={pickUnit}
      />
      <LineSelect
        {...select}
        ariaLabel={`${label} tax rate`}
        label="Tax rate"
        value={line.taxRateId ?? CURRENCY_RATE}
        data={taxOptions}
        pick={pickTaxRate}
      />
      <Group gap={6} wrap="nowrap" align="flex-end">
        <NumberInput
          aria-label={`${label} discount`}
          label="Discount"
          value={line.discountValue === 0 ? '' : line.discountValue}
          placeholder="0"
          min={0}
          max={line.discountKind === 'percent' ? 100 : undefined}
          decimalScale={2}
          allowNegative={false}
          hideControls
          onChange={(v) => {
            const value = typeof v === 'number' ? v : Number.parseFloat(v) || 0;
            changeLine(line.key, (l) => ({ ...l, discountValue: value }));
          }}
          styles={styles}
          style={{ flex: 1, minWidth: 0 }}
        />
        <LineSelect
          {...select}
          ariaLabel={`${label} discount kind`}
          value={line.discountKind}
          data={DISCOUNT_KIND_OPTIONS}
          pick={pickDiscountKind}
          w={phone ? 110 : 96}
        />
      </Group>
    </SimpleGrid>
  );
}
