import { useState } from 'react';
import { isPaymentTerms } from '@smb/shared-types/payments';
import { Button, Skeleton, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { ErrorBanner, errorText } from '../../../components/ErrorBanner';
import { FormShell } from '../../../components/crud/FormShell';
import { useRedirectAfterSave } from '../../../components/crud/useRedirectAfterSave';
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
  const { id } = useParams();
  const creating = !id || id === 'new';
  const navigate = useNavigate();
  const customer = useCustomer(creating ? undefined : id);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const backToList = useRedirectAfterSave(LIST);

  const save = async (values: CustomerFormValues) => {
    setError(null);
    setSaving(true);
    try {
      if (creating) {
        const { paymentTerms, ...rest } = values;
        await createCustomer(isPaymentTerms(paymentTerms) ? { ...rest, paymentTerms } : rest);
        setSuccess('Customer created successfully!');
      } else {
        await updateCustomer(id, {
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
        setSuccess('Customer updated successfully!');
      }
      backToList();
    } catch (e) {
      setError(errorText(e, creating ? 'Failed to create customer' : 'Failed to update customer'));
    } finally {
      setSaving(false);
    }
  };

  const shell = (body: React.ReactNode, banner?: string | null) => (
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
      banner={<ErrorBanner message={banner ?? null} onClose={() => setError(null)} />}
    >
      {body}
    </FormShell>
  );

  if (!creating && customer === undefined && !success)
    return shell(
      <Stack gap="md" aria-busy="true" aria-label="Loading customer">
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>,
    );
  if (!creating && customer === null && !success)
    return shell(
      <Button variant="default" onClick={() => navigate(LIST)}>
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
      onSubmit={(values) => void save(values)}
      onCancel={() => navigate(LIST)}
    />,
    error,
  );
}
