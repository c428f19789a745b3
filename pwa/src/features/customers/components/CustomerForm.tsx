import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS } from '@smb/shared-types/payments';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useUpdateGuard } from '../../../lib/useUpdateGuard';

export interface CustomerFormValues {
  companyName: string;
  companyEmail: string;
  companyPhoneNumber: string;
  companyAddress: string;
  companyAddress2: string;
  mainContactName: string;
  mainContactEmail: string;
  mainContactPhoneNumber: string;
  /** The customer's own payment terms; '' for the company's default. */
  paymentTerms: string;
}

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = {
  companyName: '',
  companyEmail: '',
  companyPhoneNumber: '',
  companyAddress: '',
  companyAddress2: '',
  mainContactName: '',
  mainContactEmail: '',
  mainContactPhoneNumber: '',
  paymentTerms: '',
};

const TERMS_OPTIONS = [
  { value: '', label: 'Company default' },
  ...PAYMENT_TERMS.map((t) => ({ value: t, label: PAYMENT_TERMS_LABELS[t] })),
];

/** Spec §3 customer form: company fields, plus the main contact on creation. */
export function CustomerForm({
  initial,
  creating,
  saving,
  done,
  onSubmit,
  onCancel,
}: {
  initial: CustomerFormValues;
  creating: boolean;
  saving: boolean;
  /** Saved: the form is locked until the screen returns to the list. */
  done: boolean;
  onSubmit: (values: CustomerFormValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const dirty =
    !done &&
    (Object.keys(values) as (keyof CustomerFormValues)[]).some((k) => values[k] !== initial[k]);
  useUpdateGuard('customer-form', dirty);

  const field = (name: keyof CustomerFormValues) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
    disabled: done,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text fw={700}>Company</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Company Name"
            withAsterisk
            autoComplete="organization"
            data-autofocus
            {...field('companyName')}
          />
          <TextInput
            label="Company Email"
            withAsterisk
            type="email"
            autoComplete="email"
            {...field('companyEmail')}
          />
          <TextInput
            label="Company Phone Number"
            type="tel"
            autoComplete="tel"
            {...field('companyPhoneNumber')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Company Address"
            autoComplete="address-line1"
            {...field('companyAddress')}
          />
          <TextInput
            label="Company Address 2"
            autoComplete="address-line2"
            {...field('companyAddress2')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Payment Terms"
            description="The due date of this customer's new invoices"
            data={TERMS_OPTIONS}
            value={values.paymentTerms}
            onChange={(value) => setValues((v) => ({ ...v, paymentTerms: value ?? '' }))}
            allowDeselect={false}
            disabled={done}
          />
        </SimpleGrid>

        {creating && (
          <>
            <Divider />
            <div>
              <Text fw={700}>Main Contact</Text>
              <Text size="sm" c="dimmed">
                Saved as the customer's Primary contact.
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Main Contact Name"
                withAsterisk
                autoComplete="name"
                {...field('mainContactName')}
              />
              <TextInput
                label="Main Contact Email"
                withAsterisk
                type="email"
                {...field('mainContactEmail')}
              />
              <TextInput
                label="Main Contact Phone Number"
                type="tel"
                {...field('mainContactPhoneNumber')}
              />
            </SimpleGrid>
          </>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={saving}
            disabled={done}
            leftSection={<IconDeviceFloppy size={18} />}
          >
            {creating ? 'Create Customer' : 'Update Customer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
