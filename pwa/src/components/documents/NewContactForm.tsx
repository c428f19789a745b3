import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useAction } from '../../lib/useAction';

export interface NewContact {
  name: string;
  email: string;
  phoneNumber: string;
  role: string;
}

interface NewContactFormProps {
  /** Saves the contact (offline too, through the outbox) and answers its id; throws to refuse. */
  onSave: (contact: NewContact) => Promise<string>;
  onSaved: (id: string) => void;
  onCancel: () => void;
}

/**
 * A contact added from the Select Contact dialog, without leaving the document (its
 * lines and notes stay as typed). The contact rules and messages are the contact form's (the
 * data layer checks them).
 */
export function NewContactForm({ onSave, onSaved, onCancel }: NewContactFormProps) {
  const [values, setValues] = useState<NewContact>({
    name: '',
    email: '',
    phoneNumber: '',
    role: '',
  });
  const [error, setError] = useState<string | null>(null);
  const save = useAction(
    async () => onSaved(await onSave(values)),
    (cause) =>
      setError(cause instanceof Error && cause.message ? cause.message : 'Failed to save contact'),
  );
  const field = (key: keyof NewContact) => ({
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const next = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: next }));
    },
  });

  return (
    <form
      aria-label="New contact"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        setError(null);
        void save.run();
      }}
    >
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Contact Name" withAsterisk data-autofocus {...field('name')} />
          <TextInput label="Email" type="email" withAsterisk {...field('email')} />
          <TextInput label="Phone Number" type="tel" {...field('phoneNumber')} />
          <TextInput label="Role" {...field('role')} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.busy}>
            Save Contact
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
