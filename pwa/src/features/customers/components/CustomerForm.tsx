import { useState } from 'react';
import { Divider, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { CUSTOMER_BUYER_REFERENCE_MAX } from '@smb/shared-types/customers';
import { PARTY_FIELDS, type PartyField } from '@smb/shared-types/parties';
import { PartyIdentityFields } from '../../../components/PartyIdentityFields';
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS } from '@smb/shared-types/payments';
import { DOCUMENT_LANGUAGES, DOCUMENT_LANGUAGE_NAMES } from '@smb/shared-types/document-language';
import {
  EINVOICE_PREFERENCES,
  EINVOICE_PREFERENCE_LABELS,
} from '@smb/shared-types/einvoice/preference';
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
  /** The customer's e-invoice format; '' for the company's default. */
  einvoiceFormat: string;
  /** Identity for invoices: all optional ('' = not filled in). */
  country: string;
  buyerReference: string;
  postcode: string;
  city: string;
  region: string;
  vatId: string;
  registrationId: string;
  electronicAddressScheme: string;
  electronicAddressId: string;
  iban: string;
  bic: string;
}

const EMPTY_IDENTITY = Object.fromEntries(PARTY_FIELDS.map((f) => [f, ''])) as Record<
  PartyField,
  string
>;

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
  einvoiceFormat: '',
  country: '',
  buyerReference: '',
  ...EMPTY_IDENTITY,
};

/** A setting's options: the company's default first (''), then each value with its label. */
const withCompanyDefault = <T extends string>(values: readonly T[], labels: Record<T, string>) => [
  { value: '', label: 'Company default' },
  ...values.map((value) => ({ value, label: labels[value] })),
];
const TERMS_OPTIONS = withCompanyDefault(PAYMENT_TERMS, PAYMENT_TERMS_LABELS);
const LANGUAGE_OPTIONS = withCompanyDefault(DOCUMENT_LANGUAGES, DOCUMENT_LANGUAGE_NAMES);
const EINVOICE_OPTIONS = withCompanyDefault(EINVOICE_PREFERENCES, EINVOICE_PREFERENCE_LABELS);

/** A customer: the company's fields, plus its main contact when it is created. */
export function CustomerForm(props: RecordFormProps<CustomerFormValues>) {
  const { values, set, text: field, choice, submit } = useRecordForm('customer-form', props);
  const { creating, done } = props;
  const [tried, setTried] = useState(false);

  return (
    <form
      onSubmit={(event) => {
        setTried(true);
        submit(event);
      }}
      noValidate
    >
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
            {...choice('paymentTerms')}
          />
          <Select
            label="Document language"
            description="Quotes, orders, invoices and their e-mails to this customer"
            data={LANGUAGE_OPTIONS}
            {...choice('documentLanguage')}
          />
          <Select
            label="E-invoice format"
            description="Sent with invoice and credit note mails and offered for download; Peppol and XRechnung need the electronic address below"
            data={EINVOICE_OPTIONS}
            {...choice('einvoiceFormat')}
          />
        </SimpleGrid>

        <Divider />
        <div>
          <Text fw={700}>Identity on Invoices</Text>
          <Text size="sm" c="dimmed">
            Optional until a document needs them: printed on quotes, orders and invoices.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Country"
            placeholder="Two letters, e.g. DE"
            autoComplete="country"
            maxLength={2}
            {...field('country')}
          />
          <TextInput
            label="Buyer Reference"
            description="Documents for this customer default to it (e.g. a PO number, or a German public buyer’s Leitweg-ID)"
            maxLength={CUSTOMER_BUYER_REFERENCE_MAX}
            {...field('buyerReference')}
          />
        </SimpleGrid>
        <PartyIdentityFields
          values={values}
          onChange={(name, value) => set(name, value)}
          country={values.country}
          disabled={done}
          showAll={tried}
        />

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
