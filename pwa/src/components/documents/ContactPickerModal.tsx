import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ContactRow, CustomerRow } from '../../db/types';
import { rowSearch } from '../crud/search';
import { PickerModal } from './PickerModal';

/** Case- and accent-insensitive match on name, e-mail or role. */
export const filterContacts = rowSearch((c: ContactRow) => [c.name, c.email, c.role]);

const contactCells = (c: ContactRow) => [
  c.name,
  c.email,
  c.role || (
    <Text key="role" span size="sm" c="dimmed">
      —
    </Text>
  ),
];

interface ContactPickerModalProps {
  opened: boolean;
  onClose: () => void;
  onBack: () => void;
  customer: CustomerRow | null;
  /** The customer's contacts; undefined while loading. */
  contacts: ContactRow[] | undefined;
  onSelect: (contact: ContactRow) => void;
}

/** Select Contact modal: the chosen customer's contacts. */
export function ContactPickerModal({
  opened,
  onClose,
  onBack,
  customer,
  contacts,
  onSelect,
}: ContactPickerModalProps) {
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
      placeholder="Search contacts..."
      columns={['Contact Name', 'Email', 'Role']}
      items={contacts}
      filter={filterContacts}
      cells={contactCells}
      onSelect={onSelect}
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
