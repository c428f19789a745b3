import type { ReactNode } from 'react';
import { isPaymentTerms } from '@smb/shared-types/payments';
import { Button } from '@mantine/core';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { FormShell, FormSkeleton } from '../../../components/crud/FormShell';
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
  };
}

/** /dashboard/customers/new and /dashboard/customers/{id}. */
export default function CustomerFormScreen() {
  const { id, creating, toList, submit, saving, error, clearError, success } = useRecordSave({
    record: 'Customer',
    list: LIST,
    save: async (values: CustomerFormValues, recordId) => {
      if (recordId === null) {
        const { paymentTerms, ...rest } = values;
        return createCustomer(isPaymentTerms(paymentTerms) ? { ...rest, paymentTerms } : rest);
      }
      return updateCustomer(recordId, {
        companyName: values.companyName,
        companyEmail: values.companyEmail,
        companyPhoneNumber: values.companyPhoneNumber,
        companyAddress: values.companyAddress,
        companyAddress2: values.companyAddress2,
        // Sent only when changed ('' → null: the company's default again).
        ...((values.paymentTerms || null) !== (customer?.paymentTerms ?? null)
          ? { paymentTerms: isPaymentTerms(values.paymentTerms) ? values.paymentTerms : null }
          : {}),
      });
    },
  });
  const customer = useCustomer(id ?? undefined);

  const shell = (body: ReactNode, banner?: string | null) => (
    <FormShell
      backTo={LIST}
      backLabel="Back to Customers"
      title={creating ? 'New Customer' : 'Edit Customer'}
      description={
        creating
          ? 'Add a customer company together with its main contact.'
          : customer
            ? customer.name
            : undefined
      }
      success={success}
      banner={<ErrorBanner message={banner ?? null} onClose={clearError} />}
    >
      {body}
    </FormShell>
  );

  if (!creating && customer === undefined && !success)
    return shell(<FormSkeleton label="Loading customer" />);
  if (!creating && customer === null && !success)
    return shell(
      <Button variant="default" onClick={toList}>
        Back to Customers
      </Button>,
      'Customer not found',
    );

  return shell(
    <CustomerForm
      key={customer?.id ?? 'new'}
      initial={customer ? formValues(customer) : EMPTY_CUSTOMER_FORM}
      creating={creating}
      saving={saving}
      done={success !== null}
      onSubmit={submit}
      onCancel={toList}
    />,
    error,
  );
}
