import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/**
 * A list's search box, "Search invoices...": named "Search invoices" for screen readers unless it
 * has a visible `label`. `onSearch` gets each new text (a list goes back to its first page).
 */
export function SearchBox({
  noun,
  value,
  onSearch,
  ...input
}: { noun: string; value: string; onSearch: (text: string) => void } & Omit<
  TextInputProps,
  'value' | 'onChange'
>) {
  return (
    <TextInput
      placeholder={`Search ${noun}...`}
      aria-label={input.label ? undefined : `Search ${noun}`}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => onSearch(event.currentTarget.value)}
      {...input}
    />
  );
}
