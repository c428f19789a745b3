import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useUpdateGuard } from '../../../lib/useUpdateGuard';
import type { CustomerOption } from '../data/contact-list';

export interface ContactFormValues {
  customerId: string | null;
  name: string;
  email: string;
  phoneNumber: string;
  role: string;
}

/** Spec §3/§5 contact form: customer, name and email required; phone and role optional. */
export function ContactForm({
  initial,
  customers,
  creating,
  saving,
  done,
  onSubmit,
  onCancel,
}: {
  initial: ContactFormValues;
  customers: CustomerOption[];
  creating: boolean;
  saving: boolean;
  done: boolean;
  onSubmit: (values: ContactFormValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const dirty =
    !done &&
    (Object.keys(values) as (keyof ContactFormValues)[]).some((k) => values[k] !== initial[k]);
  useUpdateGuard('contact-form', dirty);

  const text = (name: 'name' | 'email' | 'phoneNumber' | 'role') => ({
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
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
        <Select
          label="Customer"
          placeholder="Select a customer"
          withAsterisk
          searchable
          nothingFoundMessage="No customers found"
          data={customers.map((c) => ({ value: c.id, label: c.name }))}
          value={values.customerId}
          onChange={(customerId) => setValues((v) => ({ ...v, customerId }))}
          disabled={done}
          maw={420}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" withAsterisk autoComplete="name" {...text('name')} />
          <TextInput
            label="Email"
            withAsterisk
            type="email"
            autoComplete="email"
            {...text('email')}
          />
          <TextInput label="Phone Number" type="tel" autoComplete="tel" {...text('phoneNumber')} />
          <TextInput label="Role" placeholder="e.g. Purchasing Manager" {...text('role')} />
        </SimpleGrid>
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
            {creating ? 'Create Contact' : 'Update Contact'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
