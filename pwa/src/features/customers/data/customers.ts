import {
  CUSTOMER_MESSAGES,
  customerError,
  customerInput,
  mainContactInput,
  type CustomerCreateBody,
  type CustomerUpdateBody,
} from '@smb/shared-types/customers';
import { requireDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { NotFoundError, ValidationError } from '../../../db/errors';
import { newId } from '../../../db/meta';
import { mutate } from '../../../sync/mutate';
import { queueUpdate } from '../../../sync/update-args';

/** Customer form values (the spec's names or the form's `company*` / `mainContact*` aliases). */
export type CustomerFormInput = CustomerCreateBody;

/** Creates a customer (and its 'Primary' main contact) offline-first; returns the new id. */
export async function createCustomer(
  body: CustomerFormInput,
  db: SmbDatabase = requireDatabase(),
): Promise<string> {
  const input = customerInput(body);
  const main = mainContactInput(body);
  const problem = customerError(input, true, main);
  if (problem) throw new ValidationError(problem);
  const id = newId();
  await mutate(db, 'customer.create', {
    id,
    name: input.name ?? '',
    email: input.email ?? '',
    phoneNumber: input.phoneNumber ?? null,
    address: input.address ?? null,
    address2: input.address2 ?? null,
    ...(input.paymentTerms ? { paymentTerms: input.paymentTerms } : {}),
    ...(main ? { mainContact: { id: newId(), ...main } } : {}),
  });
  return id;
}

/** Queues the changed fields only; returns false when nothing changed. */
export async function updateCustomer(
  id: string,
  body: CustomerUpdateBody,
  db: SmbDatabase = requireDatabase(),
): Promise<boolean> {
  const input = customerInput(body);
  const problem = customerError(input, false);
  if (problem) throw new ValidationError(problem);
  return queueUpdate(
    db,
    'customer.update',
    'customers',
    id,
    { ...input },
    CUSTOMER_MESSAGES.notFound,
  );
}

/** Deletes the customer with its contacts, quotes and orders; refused while it has invoices. */
export async function deleteCustomer(
  id: string,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    if (!(await db.customers.get(id))) throw new NotFoundError(CUSTOMER_MESSAGES.notFound);
    if ((await db.invoices.where('customerId').equals(id).count()) > 0)
      throw new ValidationError(CUSTOMER_MESSAGES.hasInvoices);
    await mutate(db, 'customer.delete', { id });
  });
}
