import { isEInvoicePreference } from '@smb/shared-types/einvoice/preference';
import { CUSTOMER_IDENTITY_FIELDS } from '@smb/shared-types/customers';
import { isPaymentTerms } from '@smb/shared-types/payments';
import { isDocumentLanguage } from '@smb/shared-types/document-language';
import { missingRecord, RecordFormFrame } from '../../../components/crud/RecordFormFrame';
import { useRecordSave } from '../../../components/crud/useRecordSave';
import type { CustomerRow } from '../../../db/types';
import {
  CustomerForm,
  EMPTY_CUSTOMER_FORM,
  type CustomerFormValues,
} from '../components/CustomerForm';
import { createCustomer, updateCustomer } from '../data/customers';
import { useCustomer } from '../../../db/live';

const LIST = '/dashboard/customers';

function formValues(customer: CustomerRow): CustomerFormValues {
  return {
    ...EMPTY_CUSTOMER_FORM,
    companyName: customer.name,
    companyEmail: customer.email,
    companyPhoneNumber: customer.phoneNumber ?? '',
    companyAddress: customer.address ?? '',
    companyAddress2: customer.address2 ?? '',
    paymentTerms: customer.paymentTerms ?? '',
    documentLanguage: customer.documentLanguage ?? '',
    einvoiceFormat: customer.einvoiceFormat ?? '',
    ...Object.fromEntries(CUSTOMER_IDENTITY_FIELDS.map((f) => [f, customer[f] ?? ''])),
  };
}

/** /dashboard/customers/new and /dashboard/customers/{id}. */
export default function CustomerFormScreen() {
  const save = useRecordSave({
    record: 'Customer',
    list: LIST,
    save: async (values: CustomerFormValues, recordId) => {
      if (recordId === null) {
        const { paymentTerms, documentLanguage, einvoiceFormat, ...rest } = values;
        return createCustomer({
          ...rest,
          ...(isEInvoicePreference(einvoiceFormat) ? { einvoiceFormat } : {}),
          ...(isPaymentTerms(paymentTerms) ? { paymentTerms } : {}),
          ...(isDocumentLanguage(documentLanguage) ? { documentLanguage } : {}),
        });
      }
      return updateCustomer(recordId, {
        companyName: values.companyName,
        companyEmail: values.companyEmail,
        companyPhoneNumber: values.companyPhoneNumber,
        companyAddress: values.companyAddress,
        companyAddress2: values.companyAddress2,
        ...Object.fromEntries(CUSTOMER_IDENTITY_FIELDS.map((f) => [f, values[f]])),
        // Sent only when changed ('' → null: the company's default again).
        ...((values.paymentTerms || null) !== (customer?.paymentTerms ?? null)
          ? { paymentTerms: isPaymentTerms(values.paymentTerms) ? values.paymentTerms : null }
          : {}),
        ...((values.documentLanguage || null) !== (customer?.documentLanguage ?? null)
          ? { documentLanguage: values.documentLanguage || null }
          : {}),
        ...((values.einvoiceFormat || null) !== (customer?.einvoiceFormat ?? null)
          ? { einvoiceFormat: values.einvoiceFormat || null }
          : {}),
      });
    },
  });
  const customer = useCustomer(save.id ?? undefined);

  return (
    <RecordFormFrame
      save={save}
      record="Customer"
      plural="Customers"
      description={
        save.creating
          ? 'Add a customer company together with its main contact.'
          : customer
            ? customer.name
            : undefined
      }
      {...missingRecord(save, customer, 'Customer')}
      loading={!save.creating && customer === undefined && !save.success}
      form={() => (
        <CustomerForm
          key={customer?.id ?? 'new'}
          initial={customer ? formValues(customer) : EMPTY_CUSTOMER_FORM}
          {...save.formProps}
        />
      )}
    />
  );
}
