import {
  CONTACT_PERSON_MESSAGES,
  contactError,
  contactInput,
  newContactValues,
} from '@smb/shared-types/contacts';
import { customerError, customerInput, mainContactInput } from '@smb/shared-types/customers';
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS, type PaymentTerms } from '@smb/shared-types/payments';
import {
  PRODUCT_MESSAGES,
  newProductValues,
  productError,
  productInput,
} from '@smb/shared-types/products';
import { joinAddressLine2, joinName, plainText, splitEmails, splitPhones } from './composite';
import { normaliseHeader } from './mapping';
import { parseNumber } from './values';

/** What is already in the local store, for duplicates and references. Keys are lower case. */
export interface ImportLookups {
  customersByEmail: Map<string, string>;
  /** Customer name → ids (several customers may share a name). */
  customersByName: Map<string, string[]>;
  contactsByEmail: Map<string, string>;
  productsBySku: Map<string, string>;
  /** Currency codes, upper case. */
  currencyCodes: Set<string>;
  defaultCurrency: string | null;
}

/** Values as they will be stored (the mutation's fields). */
export type StoredValues = Record<string, string | number | null>;

/** A field's text in the row (undefined: not mapped); `source` names the column(s) for messages. */
export interface Cells {
  (key: string): string | undefined;
  source: (key: string) => string;
}

export interface PreparedValues {
  values: StoredValues;
  reasons: (string | null | false | undefined)[];
  /** Things the row says that are not problems: what was done with what did not fit. */
  notes: string[];
  key: string;
  existingId: string | null;
}

export const IMPORT_NOTES = {
  noMainContact: (name: string) => `Imported without a main contact: no email for “${name}”`,
  nameFromContact: 'Company name taken from the contact’s name',
  otherEmails: (list: string[]) => `Not imported, no field for them: ${list.join(', ')}`,
  otherPhones: (list: string[]) => `Not imported, no field for them: ${list.join(', ')}`,
  unknownTerms: (text: string) => `Payment terms “${text}” are not ours: the default terms apply`,
  notANumber: (label: string, text: string, column: string) =>
    `${label} must be a number: “${text}” in ${column}`,
} as const;

/** "Net 30", "net_30", "NET 30 days", "Due on receipt" → our terms; null when not one of ours. */
export function paymentTermsOf(text: string): PaymentTerms | null {
  const wanted = normaliseHeader(text).replace(/days?$/, '');
  return (
    PAYMENT_TERMS.find(
      (t) => normaliseHeader(t) === wanted || normaliseHeader(PAYMENT_TERMS_LABELS[t]) === wanted,
    ) ?? null
  );
}

/** The first e-mail of a cell and the others. */
function emails(text: string | undefined): [string | undefined, string[]] {
  if (text === undefined) return [undefined, []];
  const [first = '', ...rest] = splitEmails(text);
  return [first, rest];
}

/** The first phone number of a cell and the others (labels such as "Mobile:" dropped). */
function phones(text: string | undefined): [string | undefined, string[]] {
  if (!text) return [text, []];
  const list = splitPhones(text);
  if (list.length === 0) return [text, []];
  const [first = '', ...rest] = list;
  return [first, rest];
}

export function prepareCustomer(cell: Cells, lookups: ImportLookups): PreparedValues {
  const notes: string[] = [];
  const [email, otherEmails] = emails(cell('email'));
  const [phone, otherPhones] = phones(cell('phoneNumber'));
  const contactName =
    cell('mainContactName') || joinName(cell('mainContactFirstName'), cell('mainContactLastName'));
  const [contactEmail, otherContactEmails] = emails(cell('mainContactEmail'));
  let [contactPhone, otherContactPhones] = phones(cell('mainContactPhoneNumber'));
  let name = cell('name') ?? '';
  if (!name && contactName) {
    name = contactName;
    notes.push(IMPORT_NOTES.nameFromContact);
  }
  const withContact = !!contactName && !!contactEmail;
  if (contactName && !contactEmail) notes.push(IMPORT_NOTES.noMainContact(contactName));
  const spare = [...otherPhones, ...otherContactPhones];
  if (withContact && !contactPhone && spare.length > 0) contactPhone = spare.shift();
  otherContactPhones = spare;
  const unusedEmails = [...otherEmails, ...otherContactEmails].filter(
    (e, i, all) => all.indexOf(e) === i && e !== email && e !== contactEmail,
  );
  if (unusedEmails.length > 0) notes.push(IMPORT_NOTES.otherEmails(unusedEmails));
  if (otherContactPhones.length > 0) notes.push(IMPORT_NOTES.otherPhones(otherContactPhones));
  const termsText = cell('paymentTerms') ?? '';
  const paymentTerms = termsText ? paymentTermsOf(termsText) : null;
  if (termsText && !paymentTerms) notes.push(IMPORT_NOTES.unknownTerms(termsText));
  const address2 = joinAddressLine2({
    line2: cell('address2'),
    postcode: cell('postcode'),
    city: cell('city'),
    region: cell('region'),
    country: cell('country'),
  });
  const body = {
    name,
    email: email ?? '',
    phoneNumber: phone ?? null,
    address: cell('address') ?? null,
    address2: address2 || null,
    ...(withContact
      ? {
          mainContactName: contactName,
          mainContactEmail: contactEmail,
          mainContactPhoneNumber: contactPhone ?? null,
        }
      : {}),
  };
  const input = customerInput(body);
  const main = mainContactInput(body);
  const values: StoredValues = {
    name: input.name ?? '',
    email: input.email ?? '',
    phoneNumber: input.phoneNumber ?? null,
    address: input.address ?? null,
    address2: input.address2 ?? null,
    paymentTerms,
    mainContactName: main?.name ?? null,
    mainContactEmail: main?.email ?? null,
    mainContactPhoneNumber: main?.phoneNumber ?? null,
  };
  const key = (input.email ?? '').toLowerCase();
  return {
    values,
    reasons: [customerError(input, true), main && customerError({}, false, main)],
    notes,
    key,
    existingId: lookups.customersByEmail.get(key) ?? null,
  };
}

export const AMBIGUOUS_CUSTOMER = (name: string) =>
  `Several customers are named “${name}”: give the customer's email instead`;

export function prepareContact(cell: Cells, lookups: ImportLookups): PreparedValues {
  const customer = cell('customer') ?? '';
  const wanted = customer.toLowerCase();
  const byEmail = lookups.customersByEmail.get(wanted);
  const byName = lookups.customersByName.get(wanted) ?? [];
  const customerId = byEmail ?? (byName.length === 1 ? byName[0]! : undefined);
  const [email, otherEmails] = emails(cell('email'));
  const [phone, otherPhones] = phones(cell('phoneNumber'));
  const input = contactInput({
    customerId,
    name: cell('name') || joinName(cell('firstName'), cell('lastName')),
    email: email ?? '',
    phoneNumber: phone ?? null,
    role: cell('role') ?? null,
  });
  const values: StoredValues = {
    customer,
    customerId: customerId ?? null,
    ...newContactValues(input),
  };
  const customerProblem =
    customer === ''
      ? null
      : !customerId
        ? byName.length > 1
          ? AMBIGUOUS_CUSTOMER(customer)
          : CONTACT_PERSON_MESSAGES.customerNotFound
        : null;
  const formProblem = contactError(input, true);
  const notes: string[] = [];
  if (otherEmails.length > 0) notes.push(IMPORT_NOTES.otherEmails(otherEmails));
  if (otherPhones.length > 0) notes.push(IMPORT_NOTES.otherPhones(otherPhones));
  const key = (input.email ?? '').toLowerCase();
  return {
    values,
    // "Customer is required" says less than why the given customer was not found.
    reasons: [
      customerProblem,
      !(customerProblem && formProblem === CONTACT_PERSON_MESSAGES.customerRequired) && formProblem,
    ],
    notes,
    key,
    existingId: lookups.contactsByEmail.get(key) ?? null,
  };
}

export function prepareProduct(cell: Cells, lookups: ImportLookups): PreparedValues {
  const numbers: string[] = [];
  const number = (key: string, label: string) => {
    const text = cell(key) ?? '';
    const parsed = parseNumber(text);
    if (parsed !== null && Number.isNaN(parsed))
      numbers.push(IMPORT_NOTES.notANumber(label, text, cell.source(key)));
    return parsed === null || Number.isNaN(parsed) ? null : parsed;
  };
  const price = number('price', 'Price');
  const cost = number('cost', 'Cost');
  const stock = number('stock', 'Stock');
  const code = (cell('currencyCode') || lookups.defaultCurrency || '').toUpperCase();
  const description = cell('description');
  const input = productInput({
    name: cell('name') ?? '',
    sku: cell('sku') ?? null,
    price: price ?? 0,
    currencyCode: code,
    cost,
    stock,
    category: cell('category') ?? null,
    supplier: cell('supplier') ?? null,
    description: description === undefined ? null : plainText(description),
  });
  const values: StoredValues = newProductValues(input);
  const key = (input.sku ?? '').toLowerCase();
  return {
    values,
    reasons: [
      ...numbers,
      productError(input, true),
      !!input.currencyCode &&
        !lookups.currencyCodes.has(input.currencyCode) &&
        PRODUCT_MESSAGES.unknownCurrency(input.currencyCode),
    ],
    notes: [],
    key,
    existingId: key ? (lookups.productsBySku.get(key) ?? null) : null,
  };
}
