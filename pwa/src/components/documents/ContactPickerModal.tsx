import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ContactRow, CustomerRow } from '../../db/types';
import { PickerModal } from './PickerModal';

/** Case-insensitive match on name, e-mail or role (spec §2). */
export function filterContacts(contacts: ContactRow[], search: string): ContactRow[] {
  const q = search.trim().toLowerCase();
  if (!q) return contacts;
  return contacts.filter((c) =>
    [c.name, c.email, c.role ?? ''].some((field) => field.toLowerCase().includes(q)),
  );
}

interface ContactPickerModalProps {
  opened: boolean;
  onClose: () => void;
  onBack: () => void;
  customer: CustomerRow | null;
  /** The customer's contacts; undefined while loading. */
  contacts: ContactRow[] | undefined;
  onSelect: (contact: ContactRow) => void;
}

/** Select Contact modal (spec §2): the chosen customer's contacts. */
export function ContactPickerModal({
  opened,
  onClose,
  onBack,
  customer,
  contacts,
  onSelect,
}: ContactPickerModalProps) {
  const [search, setSearch] = useState('');
  // Each opening starts with an empty search.
  useEffect(() => {
    if (opened) setSearch('');
  }, [opened]);
  const rows = useMemo(
    () =>
      contacts &&
      filterContacts(contacts, search).map((c) => (
        <Table.Tr key={c.id}>
          <Table.Td fw={600}>{c.name}</Table.Td>
          <Table.Td>{c.email}</Table.Td>
          <Table.Td>
            {c.role || (
              <Text span size="sm" c="dimmed">
                —
              </Text>
            )}
          </Table.Td>
          <Table.Td ta="right">
            <Button size="xs" onClick={() => onSelect(c)} aria-label={`Select ${c.name}`}>
              Select
            </Button>
          </Table.Td>
        </Table.Tr>
      )),
    [contacts, search, onSelect],
  );
  return (
    <PickerModal
      opened={opened}
      onClose={onClose}
      title={
        <Group gap="xs" wrap="nowrap">
          <Tooltip label="Back to customers">
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onBack}
              aria-label="Back to customers"
            >
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Text fw={700}>Select Contact</Text>
        </Group>
      }
      search={search}
      onSearch={setSearch}
      placeholder="Search contacts..."
      columns={['Contact Name', 'Email', 'Role', 'Action']}
      rows={rows}
      emptyText="No contacts found for this customer."
      footer={
        customer && (
          <Group gap="xs" data-testid="contact-picker-footer">
            <Text size="sm" fw={600}>
              {customer.name}
            </Text>
            <Text size="sm" c="dimmed">
              {customer.email}
            </Text>
          </Group>
        )
      }
    />
  );
}
