import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconUserPlus } from '@tabler/icons-react';
import type { ContactRow, CustomerRow } from '../../db/types';
import { rowSearch } from '../crud/search';
import { NewContactForm, type NewContact } from './NewContactForm';
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
  /** Adds a contact to the customer and answers its id; no button without it. */
  onCreate?: (contact: NewContact) => Promise<string>;
  /** The contact just added, to select. */
  onCreated?: (id: string) => void;
}

/** Select Contact modal: the chosen customer's contacts. */
export function ContactPickerModal({
  opened,
  onClose,
  onBack,
  customer,
  contacts,
  onSelect,
  onCreate,
  onCreated,
}: ContactPickerModalProps) {
  const [adding, setAdding] = useState(false);
  // Each opening starts with the list.
  useEffect(() => {
    if (opened) setAdding(false);
  }, [opened]);
  const customerLine = customer && (
    <Group gap="xs" data-testid="contact-picker-footer">
      <Text size="sm" fw={600}>
        {customer.name}
      </Text>
      <Text size="sm" c="dimmed">
        {customer.email}
      </Text>
    </Group>
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
      placeholder="Search contacts..."
      columns={['Contact Name', 'Email', 'Role']}
      items={contacts}
      filter={filterContacts}
      cells={contactCells}
      onSelect={onSelect}
      emptyText="No contacts found for this customer."
      footer={
        customer &&
        (onCreate && adding ? (
          <Stack gap="sm">
            {customerLine}
            <NewContactForm
              onSave={onCreate}
              onSaved={(id) => {
                setAdding(false);
                onCreated?.(id);
              }}
              onCancel={() => setAdding(false)}
            />
          </Stack>
        ) : (
          <Group justify="space-between" wrap="wrap" gap="sm">
            {customerLine}
            {onCreate && (
              <Button
                variant="light"
                size="xs"
                leftSection={<IconUserPlus size={14} />}
                onClick={() => setAdding(true)}
              >
                Add Contact
              </Button>
            )}
          </Group>
        ))
      }
    />
  );
}
