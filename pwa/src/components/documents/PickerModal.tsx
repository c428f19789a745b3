import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Loader, Center, Modal, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

/** Spec §9: the search field takes focus 100 ms after the picker opens. */
export const PICKER_FOCUS_DELAY_MS = 100;

interface PickerModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  search: string;
  onSearch: (value: string) => void;
  placeholder: string;
  columns: string[];
  /** undefined while loading. */
  rows: ReactNode[] | undefined;
  emptyText: string;
  footer?: ReactNode;
}

/** The table-in-a-modal both recipient pickers share: search, rows, empty text, footer. */
export function PickerModal({
  opened,
  onClose,
  title,
  search,
  onSearch,
  placeholder,
  columns,
  rows,
  emptyText,
  footer,
}: PickerModalProps) {
  const input = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery('(max-width: 36em)');

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
        onChange={(e) => onSearch(e.currentTarget.value)}
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
                {columns.map((c) => (
                  <Table.Th key={c} ta={c === 'Action' ? 'right' : undefined}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
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
      {footer && (
        <Box mt="md" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          {footer}
        </Box>
      )}
    </Modal>
  );
}
