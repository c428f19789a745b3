import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  FormActions,
  useRecordForm,
  type RecordFormProps,
} from '../../../components/crud/RecordForm';
import type { CustomerOption } from '../data/contact-list';

export interface ContactFormValues {
  customerId: string | null;
  name: string;
  email: string;
  phoneNumber: string;
  role: string;
}

/** A contact: customer, name and email required; phone and role optional. */
export function ContactForm({
  customers,
  ...props
}: RecordFormProps<ContactFormValues> & { customers: CustomerOption[] }) {
  const { values, set, text, submit } = useRecordForm('contact-form', props);
  const { done } = props;

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
          onChange={(customerId) => set('customerId', customerId)}
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
        <FormActions record="Contact" {...props} />
      </Stack>
    </form>
  );
}
