import {
  CONTACT_PERSON_MESSAGES,
  contactError,
  contactInput,
  newContactValues,
  type ContactCreateBody,
  type ContactUpdateBody,
} from '@smb/shared-types/contacts';
import { ValidationError } from '../../../db/errors';
import { entityWrites } from '../../../sync/entity-writes';

const contacts = entityWrites({
  name: 'contact',
  entity: 'contacts',
  notFound: 'Contact not found',
  input: (body: (ContactCreateBody & { customerId?: string }) | ContactUpdateBody) =>
    contactInput(body),
  problem: (input, creating) => contactError(input, creating),
  createArgs: (input, id) => ({
    id,
    customerId: input.customerId ?? '',
    ...newContactValues(input),
  }),
  beforeCreate: async (db, input) => {
    if (!(await db.customers.get(input.customerId ?? '')))
      throw new ValidationError(CONTACT_PERSON_MESSAGES.customerRequired);
  },
});

export const createContact = contacts.create;
export const updateContact = contacts.update;
export const deleteContact = contacts.remove;

/**
 * A contact added to a customer from a document's Select Contact dialog: the contact
 * form's rules, saved offline-first; answers its id.
 */
export function addContactTo(
  customerId: string,
  contact: { name: string; email: string; phoneNumber: string; role: string },
): Promise<string> {
  return createContact({
    customerId,
    name: contact.name,
    email: contact.email,
    phoneNumber: contact.phoneNumber || undefined,
    role: contact.role || undefined,
  });
}
