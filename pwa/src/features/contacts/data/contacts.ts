import {
  CONTACT_PERSON_MESSAGES,
  contactError,
  contactInput,
  type ContactCreateBody,
  type ContactUpdateBody,
} from '@smb/shared-types/contacts';
import { requireDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { NotFoundError, ValidationError } from '../../../db/errors';
import { newId } from '../../../db/meta';
import { mutate } from '../../../sync/mutate';
import { queueUpdate } from '../../../sync/update-args';

const NOT_FOUND = 'Contact not found';

export async function createContact(
  body: ContactCreateBody & { customerId?: string },
  db: SmbDatabase = requireDatabase(),
): Promise<string> {
  const input = contactInput(body);
  const problem = contactError(input, true);
  if (problem) throw new ValidationError(problem);
  const id = newId();
  await db.transaction('rw', db.allTables, async () => {
    if (!(await db.customers.get(input.customerId ?? '')))
      throw new ValidationError(CONTACT_PERSON_MESSAGES.customerRequired);
    await mutate(db, 'contact.create', {
      id,
      customerId: input.customerId ?? '',
      name: input.name ?? '',
      email: input.email ?? '',
      phoneNumber: input.phoneNumber ?? null,
      role: input.role ?? null,
    });
  });
  return id;
}

export async function updateContact(
  id: string,
  body: ContactUpdateBody,
  db: SmbDatabase = requireDatabase(),
): Promise<boolean> {
  const input = contactInput(body);
  const problem = contactError(input, false);
  if (problem) throw new ValidationError(problem);
  return queueUpdate(db, 'contact.update', 'contacts', id, { ...input }, NOT_FOUND);
}

export async function deleteContact(
  id: string,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    if (!(await db.contacts.get(id))) throw new NotFoundError(NOT_FOUND);
    await mutate(db, 'contact.delete', { id });
  });
}
