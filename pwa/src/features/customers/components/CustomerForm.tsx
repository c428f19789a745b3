import { Divider, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS } from '@smb/shared-types/payments';
import { DOCUMENT_LANGUAGES, DOCUMENT_LANGUAGE_NAMES } from '@smb/shared-types/document-language';
import {
  FormActions,
  useRecordForm,
  type RecordFormProps,
} from '../../../components/crud/RecordForm';

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
  /** The language of the customer's documents and mails; '' for the company's default. */
  documentLanguage: string;
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
  documentLanguage: '',
};

const TERMS_OPTIONS = [
  { value: '', label: 'Company default' },
  ...PAYMENT_TERMS.map((t) => ({ value: t, label: PAYMENT_TERMS_LABELS[t] })),
];

const LANGUAGE_OPTIONS = [
  { value: '', label: 'Company default' },
  ...DOCUMENT_LANGUAGES.map((l) => ({ value: l, label: DOCUMENT_LANGUAGE_NAMES[l] })),
];

/** A customer: the company's fields, plus its main contact when it is created. */
export function CustomerForm(props: RecordFormProps<CustomerFormValues>) {
  const { values, set, text: field, submit } = useRecordForm('customer-form', props);
  const { creating, done } = props;

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
            onChange={(value) => set('paymentTerms', value ?? '')}
            allowDeselect={false}
            disabled={done}
          />
          <Select
            label="Document language"
            description="Quotes, orders, invoices and their e-mails to this customer"
            data={LANGUAGE_OPTIONS}
            value={values.documentLanguage}
            onChange={(value) => set('documentLanguage', value ?? '')}
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

        <FormActions record="Customer" {...props} />
      </Stack>
    </form>
  );
}
