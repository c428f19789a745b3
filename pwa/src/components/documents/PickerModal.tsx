import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Loader, Center, Modal, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

/** The search field takes focus 100 ms after the picker opens (once its opening transition ran). */
export const PICKER_FOCUS_DELAY_MS = 100;

/**
 * Matches a picker shows at once. A company with 20,000 customers would otherwise wait seconds
 * for 20,000 rows to render, and again after each letter typed; a name is found by typing it.
 */
export const PICKER_ROW_LIMIT = 100;

interface PickerModalProps<T extends { id: string; name: string }> {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  placeholder: string;
  /** Column headers before the last one, 'Action'. */
  columns: string[];
  /** undefined while loading. */
  items: T[] | undefined;
  /** The items matching the search text. */
  filter: (items: T[], search: string) => T[];
  /** The cells of an item before its Select button; the first is shown bold. */
  cells: (item: T) => ReactNode[];
  onSelect: (item: T) => void;
  emptyText: string;
  footer?: ReactNode;
}

/**
 * The table-in-a-modal both recipient pickers share: a search that starts empty at each opening,
 * one row per matching item with its Select button, empty text, footer.
 */
export function PickerModal<T extends { id: string; name: string }>({
  opened,
  onClose,
  title,
  placeholder,
  columns,
  items,
  filter,
  cells,
  onSelect,
  emptyText,
  footer,
}: PickerModalProps<T>) {
  const input = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery('(max-width: 36em)');
  const [search, setSearch] = useState('');
  // Each opening starts with an empty search.
  useEffect(() => {
    if (opened) setSearch('');
  }, [opened]);
  const matches = useMemo(() => items && filter(items, search), [items, search, filter]);
  const rows = useMemo(
    () =>
      matches?.slice(0, PICKER_ROW_LIMIT).map((item) => (
        <Table.Tr key={item.id}>
          {cells(item).map((cell, i) => (
            <Table.Td key={i} fw={i === 0 ? 600 : undefined}>
              {cell}
            </Table.Td>
          ))}
          <Table.Td ta="right">
            <Button size="xs" onClick={() => onSelect(item)} aria-label={`Select ${item.name}`}>
              Select
            </Button>
          </Table.Td>
        </Table.Tr>
      )),
    [matches, cells, onSelect],
  );
  const headers = [...columns, 'Action'];

  useEffect(() => {
    if (!opened) return;
    const timer = setTimeout(() => input.current?.focus(), PICKER_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      fullScreen={phone}
      closeOnEscape
      closeOnClickOutside
      trapFocus
      returnFocus
    >
      <TextInput
        ref={input}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        placeholder={placeholder}
        aria-label={placeholder.replace(/\.+$/, '')}
        leftSection={<IconSearch size={16} />}
        mb="md"
      />
      {rows === undefined ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {headers.map((c) => (
                  <Table.Th key={c} ta={c === 'Action' ? 'right' : undefined}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={headers.length}>
                    <Text c="dimmed" ta="center" py="lg" size="sm">
                      {emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {matches && matches.length > PICKER_ROW_LIMIT && (
        <Text size="sm" c="dimmed" ta="center" mt="sm" role="status">
          Showing the first {PICKER_ROW_LIMIT} of {matches.length.toLocaleString('en-US')}. Type to
          narrow the search.
        </Text>
      )}
      {footer && (
        <Box mt="md" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          {footer}
        </Box>
      )}
    </Modal>
  );
}
