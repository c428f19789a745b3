import { useLocation, useSearchParams } from 'react-router-dom';
import { RecordFormFrame } from '../../../components/crud/RecordFormFrame';
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
  const save = useRecordSave({
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
  const contact = useContactDetails(save.id ?? undefined);

  const loadError =
    (customers?.error ? `Failed to load customers: ${customers.error}` : null) ??
    (contact?.error ? `Failed to load contact details: ${contact.error}` : null) ??
    (!save.creating && contact && contact.data === null && !contact.error && !save.success
      ? 'Contact not found'
      : null);

  return (
    <RecordFormFrame
      save={save}
      record="Contact"
      plural="Contacts"
      description={save.creating ? 'Add a person to one of your customers.' : contact?.data?.name}
      message={save.error ?? loadError}
      loading={customers === undefined || (!save.creating && contact === undefined)}
      missing={!save.creating && !contact?.data && !save.success}
      form={() => {
        const row = contact?.data;
        return (
          <ContactForm
            key={row?.id ?? 'new'}
            initial={
              row
                ? {
                    customerId: row.customerId,
                    name: row.name,
                    email: row.email,
                    phoneNumber: row.phoneNumber ?? '',
                    role: row.role ?? '',
                  }
                : { customerId: preselected, name: '', email: '', phoneNumber: '', role: '' }
            }
            customers={customers?.data ?? []}
            {...save.formProps}
          />
        );
      }}
    />
  );
}
