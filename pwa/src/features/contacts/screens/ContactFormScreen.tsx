import { useState, type ReactNode } from 'react';
import { Button, Skeleton, Stack } from '@mantine/core';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ErrorBanner, errorText } from '../../../components/ErrorBanner';
import { FormShell } from '../../../components/crud/FormShell';
import { useRedirectAfterSave } from '../../../components/crud/useRedirectAfterSave';
import { ContactForm, type ContactFormValues } from '../components/ContactForm';
import { customerFilterFrom } from '../components/customer-filter';
import { useContactDetails, useCustomerOptions } from '../data/contact-list';
import { createContact, updateContact } from '../data/contacts';

const LIST = '/dashboard/contacts';

/** /dashboard/contacts/new (optionally with a preselected customer) and /dashboard/contacts/{id}. */
export default function ContactFormScreen() {
  const { id } = useParams();
  const creating = !id || id === 'new';
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const preselected = customerFilterFrom(location.state)?.customerId ?? params.get('customerId');
  const customers = useCustomerOptions();
  const contact = useContactDetails(creating ? undefined : id);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const backToList = useRedirectAfterSave(LIST);

  const save = async (values: ContactFormValues) => {
    setError(null);
    setSaving(true);
    const body = {
      customerId: values.customerId ?? undefined,
      name: values.name,
      email: values.email,
      phoneNumber: values.phoneNumber,
      role: values.role,
    };
    try {
      if (creating) {
        await createContact(body);
        setSuccess('Contact created successfully!');
      } else {
        await updateContact(id, body);
        setSuccess('Contact updated successfully!');
      }
      backToList();
    } catch (e) {
      setError(errorText(e, creating ? 'Failed to create contact' : 'Failed to update contact'));
    } finally {
      setSaving(false);
    }
  };

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
      banner={<ErrorBanner message={error ?? loadError} onClose={() => setError(null)} />}
    >
      {body}
    </FormShell>
  );

  if (customers === undefined || (!creating && contact === undefined))
    return shell(
      <Stack gap="md" aria-busy="true" aria-label="Loading contact">
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>,
    );
  if (!creating && !contact?.data && !success)
    return shell(
      <Button variant="default" onClick={() => navigate(LIST)}>
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
      onSubmit={(values) => void save(values)}
      onCancel={() => navigate(LIST)}
    />,
  );
}
