import {
  CUSTOMER_MESSAGES,
  customerError,
  customerIdentityError,
  customerIdentityRow,
  customerInput,
  mainContactInput,
  type CustomerCreateBody,
  type CustomerUpdateBody,
} from '@smb/shared-types/customers';
import { ValidationError } from '../../../db/errors';
import { newId } from '../../../db/meta';
import { entityWrites } from '../../../sync/entity-writes';

/** Customer form values (the spec's names or the form's `company*` / `mainContact*` aliases). */
export type CustomerFormInput = CustomerCreateBody;

const customers = entityWrites({
  name: 'customer',
  entity: 'customers',
  notFound: CUSTOMER_MESSAGES.notFound,
  input: (body: CustomerFormInput | CustomerUpdateBody) => customerInput(body),
  // A new customer comes with its 'Primary' main contact, checked with it.
  problem: (input, creating, body) =>
    customerError(input, creating, creating ? mainContactInput(body as CustomerFormInput) : null) ??
    customerIdentityError(input),
  createArgs: (input, id, body) => {
    const main = mainContactInput(body as CustomerFormInput);
    return {
      id,
      name: input.name ?? '',
      email: input.email ?? '',
      phoneNumber: input.phoneNumber ?? null,
      address: input.address ?? null,
      address2: input.address2 ?? null,
      ...(input.paymentTerms ? { paymentTerms: input.paymentTerms } : {}),
      ...(input.documentLanguage ? { documentLanguage: input.documentLanguage } : {}),
      ...(input.einvoiceFormat ? { einvoiceFormat: input.einvoiceFormat } : {}),
      ...customerIdentityRow(input),
      ...(main ? { mainContact: { id: newId(), ...main } } : {}),
    };
  },
  // Deleting takes the customer's contacts, quotes and orders with it; never its invoices.
  beforeDelete: async (db, customer) => {
    if ((await db.invoices.where('customerId').equals(String(customer.id)).count()) > 0)
      throw new ValidationError(CUSTOMER_MESSAGES.hasInvoices);
  },
});

/** Creates a customer (and its 'Primary' main contact) offline-first; returns the new id. */
export const createCustomer = customers.create;
/** Queues the changed fields only; returns false when nothing changed. */
export const updateCustomer = customers.update;
/** Deletes the customer with its contacts, quotes and orders; refused while it has invoices. */
export const deleteCustomer = customers.remove;
