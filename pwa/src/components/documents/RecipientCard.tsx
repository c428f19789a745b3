import { memo, useCallback, useState } from 'react';
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import type { ContactRow, CustomerRow } from '../../db/types';
import { useContact, useContactsOf, useCustomer, useCustomers } from '../../db/live';
import { ContactPickerModal } from './ContactPickerModal';
import type { NewContact } from './NewContactForm';
import { CustomerPickerModal, customerLocation } from './CustomerPickerModal';
import { FieldLabel } from '../FieldLabel';
import { TitledCard } from './DetailParts';

export interface Recipient {
  customerId: string | null;
  contactId: string | null;
}

interface RecipientCardProps {
  value: Recipient;
  onChange: (value: Recipient) => void;
  /** 'Select Recipient' on quotes, 'Change Recipient' on orders. */
  buttonLabel: string;
  readOnly?: boolean;
  /** Adds a contact to a customer from the Select Contact dialog; answers its id. */
  createContact?: (customerId: string, contact: NewContact) => Promise<string>;
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <FieldLabel>{label}</FieldLabel>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/**
 * Recipient card: customer then contact picker; a different customer clears the contact. It reads
 * the chosen customer and contact only; the pickers read the customer list (or the picked
 * customer's contacts) while they are open — a tenant may have tens of thousands of each.
 */
export const RecipientCard = memo(function RecipientCard({
  value,
  onChange,
  buttonLabel,
  readOnly = false,
  createContact,
}: RecipientCardProps) {
  const [step, setStep] = useState<'closed' | 'customer' | 'contact'>('closed');
  const [pickedCustomer, setPickedCustomer] = useState<CustomerRow | null>(null);

  const customer = useCustomer(value.customerId ?? undefined) ?? null;
  const contact = useContact(value.contactId ?? undefined) ?? null;
  // The list is read ahead of the click: as the card shows on a document without a customer yet
  // (picking one is its first step), or as the pointer or focus reaches the button; then kept
  // while the contact step shows, so "Back to customers" finds the list at once.
  const [warm, setWarm] = useState(false);
  const customers = useCustomers(step !== 'closed' || (!readOnly && (warm || !value.customerId)));
  const pickedContacts = useContactsOf(step === 'contact' ? (pickedCustomer?.id ?? null) : null);

  const selectCustomer = useCallback(
    (c: CustomerRow) => {
      onChange({
        customerId: c.id,
        contactId: c.id === value.customerId ? value.contactId : null,
      });
      setPickedCustomer(c);
      setStep('contact');
    },
    [onChange, value.customerId, value.contactId],
  );

  const selectContact = useCallback(
    (c: ContactRow) => {
      onChange({ customerId: c.customerId, contactId: c.id });
      setStep('closed');
    },
    [onChange],
  );

  const pickedId = pickedCustomer?.id ?? null;
  const addContact = useCallback(
    (contact: NewContact) => createContact!(pickedId ?? '', contact),
    [createContact, pickedId],
  );
  const selectCreated = useCallback(
    (id: string) => {
      onChange({ customerId: pickedId, contactId: id });
      setStep('closed');
    },
    [onChange, pickedId],
  );

  return (
    <TitledCard
      title="Recipient"
      p="lg"
      action={
        !readOnly && (
          <Button
            variant="light"
            leftSection={<IconUserSearch size={16} />}
            onClick={() => setStep('customer')}
            onPointerEnter={() => setWarm(true)}
            onFocus={() => setWarm(true)}
          >
            {buttonLabel}
          </Button>
        )
      }
    >
      {customer || value.customerId ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="xs" data-testid="recipient-customer">
            <Text fw={600}>Customer</Text>
            <Detail label="Name" value={customer?.name ?? 'N/A'} />
            <Detail label="Email" value={customer?.email} />
            <Detail label="Address" value={customer ? customerLocation(customer) : null} />
          </Stack>
          <Stack gap="xs" data-testid="recipient-contact">
            <Text fw={600}>Contact</Text>
            {contact ? (
              <>
                <Detail label="Name" value={contact.name} />
                <Detail label="Email" value={contact.email} />
                <Detail label="Role" value={contact.role} />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                No contact selected.
              </Text>
            )}
          </Stack>
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          No recipient selected yet.
        </Text>
      )}
      <CustomerPickerModal
        opened={step === 'customer'}
        onClose={() => setStep('closed')}
        customers={customers}
        onSelect={selectCustomer}
      />
      <ContactPickerModal
        opened={step === 'contact'}
        onClose={() => setStep('closed')}
        onBack={() => setStep('customer')}
        customer={pickedCustomer}
        contacts={pickedContacts}
        onSelect={selectContact}
        onCreate={createContact ? addContact : undefined}
        onCreated={selectCreated}
      />
    </TitledCard>
  );
});
