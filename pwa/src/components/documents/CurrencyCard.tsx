import { memo } from 'react';
import { Card, Select, Title } from '@mantine/core';
import type { CurrencyRow } from '../../db/types';

/** 'code - name (symbol)' options; the current code stays selectable even if unknown locally. */
export function currencyOptions(currencies: CurrencyRow[] | undefined, current: string) {
  const options = (currencies ?? []).map((c) => ({
    value: c.code,
    label: `${c.code} - ${c.name} (${c.symbol})`,
  }));
  if (current && !options.some((o) => o.value === current))
    options.unshift({ value: current, label: current });
  return options;
}

/** Memoized: a keystroke in the editor's items does not render it again. */
export const CurrencyCard = memo(function CurrencyCard({
  currencies,
  value,
  onChange,
  disabled,
}: {
  currencies: CurrencyRow[] | undefined;
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
}) {
  return (
    <Card p="lg">
      <Title order={3} size="h4" mb="md">
        Currency
      </Title>
      <Select
        aria-label="Currency"
        data={currencyOptions(currencies, value)}
        value={value}
        onChange={(code) => code && onChange(code)}
        allowDeselect={false}
        disabled={disabled}
        searchable
      />
    </Card>
  );
});
