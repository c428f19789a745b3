import {
  CONTACT_PERSON_MESSAGES,
  contactError,
  contactInput,
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
    name: input.name ?? '',
    email: input.email ?? '',
    phoneNumber: input.phoneNumber ?? null,
    role: input.role ?? null,
  }),
  beforeCreate: async (db, input) => {
    if (!(await db.customers.get(input.customerId ?? '')))
      throw new ValidationError(CONTACT_PERSON_MESSAGES.customerRequired);
  },
});

export const createContact = contacts.create;
export const updateContact = contacts.update;
export const deleteContact = contacts.remove;
