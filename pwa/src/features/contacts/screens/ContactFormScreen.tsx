import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router-dom';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { FormShell, FormSkeleton } from '../../../components/crud/FormShell';
import { useRecordSave } from '../../../components/crud/useRecordSave';
import { ContactForm, type ContactFormValues } from '../components/ContactForm';
import { customerFilterFrom } from '../components/customer-filter';
import { useContactDetails, useCustomerOptions } from '../data/contact-list';
import { createContact, updateContact } from '../data/contacts';

const LIST = '/dashboard/contacts';

/** /dashboard/contacts/new (optionally with a preselected customer) and /dashboard/contacts/{id}. */
export default function ContactFormScreen() {
  const location = useLocation();
  const [params] = useSearchParams();
  const preselected = customerFilterFrom(location.state)?.customerId ?? params.get('customerId');
  const customers = useCustomerOptions();
  const { id, creating, toList, submit, saving, error, clearError, success } = useRecordSave({
    record: 'Contact',
    list: LIST,
    save: (values: ContactFormValues, recordId) => {
      const body = {
        customerId: values.customerId ?? undefined,
        name: values.name,
        email: values.email,
        phoneNumber: values.phoneNumber,
        role: values.role,
      };
      return recordId === null ? createContact(body) : updateContact(recordId, body);
    },
  });
  const contact = useContactDetails(id ?? undefined);

  const loadError =
    (customers?.error ? `Failed to load customers: ${customers.error}` : null) ??
    (contact?.error ? `Failed to load contact details: ${contact.error}` : null) ??
    (!creating && contact && contact.data === null && !contact.error && !success
      ? 'Contact not found'
      : null);

  const shell = (body: ReactNode) => (
    <FormShell
      backTo={LIST}
      backLabel="Back to Contacts"
      title={creating ? 'New Contact' : 'Edit Contact'}
      description={creating ? 'Add a person to one of your customers.' : contact?.data?.name}
      success={success}
      banner={<ErrorBanner message={error ?? loadError} onClose={clearError} />}
    >
      {body}
    </FormShell>
  );

  if (customers === undefined || (!creating && contact === undefined))
    return shell(<FormSkeleton label="Loading contact" />);
  if (!creating && !contact?.data && !success)
    return shell(
      <Button variant="default" onClick={toList}>
        Back to Contacts
      </Button>,
    );

  const row = contact?.data;
  const initial: ContactFormValues = row
    ? {
        customerId: row.customerId,
        name: row.name,
        email: row.email,
        phoneNumber: row.phoneNumber ?? '',
        role: row.role ?? '',
      }
    : { customerId: preselected, name: '', email: '', phoneNumber: '', role: '' };

  return shell(
    <ContactForm
      key={row?.id ?? 'new'}
      initial={initial}
      customers={customers.data ?? []}
      creating={creating}
      saving={saving}
      done={success !== null}
      onSubmit={submit}
      onCancel={toList}
    />,
  );
}
