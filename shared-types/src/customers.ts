import { Type, type Static } from 'typebox';
import { ClientId, Nullable, OptionalText, SCHEMA_MESSAGE, textOrNull } from './api';
import { firstError, isEmail } from './validation';
import { NullablePaymentTermsSchema, type PaymentTerms } from './payments';
import {
  DOCUMENT_LANGUAGE_MESSAGE,
  isDocumentLanguage,
  type DocumentLanguage,
} from './document-language';
import {
  EINVOICE_MESSAGES,
  isEInvoicePreference,
  type EInvoicePreference,
} from './einvoice/preference';
import {
  PARTY_FIELDS,
  PartyIdentityBody,
  PartyIdentitySchema,
  normalisePartyFields,
  partyError,
  type PartyIdentity,
} from './parties';

export const CUSTOMER_MESSAGES = {
  nameRequired: 'Company name is required',
  emailRequired: 'Company email is required',
  invalidEmail: 'Company email is not a valid email address',
  mainContactNameRequired: 'Main contact name is required',
  mainContactEmailRequired: 'Main contact email is required',
  mainContactInvalidEmail: 'Main contact email is not a valid email address',
  notFound: 'Customer not found',
  idTaken: 'A customer with this id already exists',
  country: 'Country must be a 2-letter ISO code (e.g. DE)',
  hasInvoices:
    'This customer has invoices and cannot be deleted: invoices are legal records that must be kept. Cancel or keep the invoices instead.',
} as const;

export const CUSTOMER_BUYER_REFERENCE_MAX = 100;

/** Role of the contact made together with a customer (its main contact). */
export const PRIMARY_CONTACT_ROLE = 'Primary';

/** Not blank when sent (the service checks the e-mail's form, after trimming). */
const Name = Type.Optional(
  Type.String({
    maxLength: 200,
    pattern: '\\S',
    [SCHEMA_MESSAGE]: {
      pattern: CUSTOMER_MESSAGES.nameRequired,
      type: CUSTOMER_MESSAGES.nameRequired,
    },
  }),
);
const Email = Type.Optional(
  Type.String({
    maxLength: 254,
    pattern: '\\S',
    [SCHEMA_MESSAGE]: {
      pattern: CUSTOMER_MESSAGES.emailRequired,
      type: CUSTOMER_MESSAGES.emailRequired,
    },
  }),
);
/** One of the two names of a field must be sent. */
const eitherOf = (field: string, alias: string, message: string) => ({
  anyOf: [
    { required: [field], [SCHEMA_MESSAGE]: message },
    { required: [alias], [SCHEMA_MESSAGE]: message },
  ],
});

/** The spec's fields and the form's `company*` aliases (the spec's name wins when both are sent). */
const customerFields = {
  name: Name,
  email: Email,
  phoneNumber: OptionalText(50),
  address: OptionalText(300),
  address2: OptionalText(300),
  companyName: Name,
  companyEmail: Email,
  companyPhoneNumber: OptionalText(50),
  companyAddress: OptionalText(300),
  companyAddress2: OptionalText(300),
  /** The customer's own payment terms; null: the tenant's default. */
  paymentTerms: Type.Optional(NullablePaymentTermsSchema),
  /** The language of the customer's documents and mails; null: the company's. */
  documentLanguage: OptionalText(10),
  /** The e-invoice format the customer receives (none, peppol, xrechnung, facturx); null: the company's default. */
  einvoiceFormat: OptionalText(20),
  /** Identity for invoices: address, VAT ID, registration, e-address, bank. */
  ...PartyIdentityBody,
  /** ISO 3166-1 alpha-2 of the address. */
  country: OptionalText(10),
  /** The buyer's reference documents default to (EN 16931 BT-10). */
  buyerReference: OptionalText(CUSTOMER_BUYER_REFERENCE_MAX),
};

export const CustomerCreateBody = Type.Object(
  {
    id: ClientId,
    ...customerFields,
    mainContactId: Type.Optional(
      Type.String({ format: 'uuid', description: 'Client-made id of the main contact' }),
    ),
    mainContactName: Type.Optional(Type.String({ maxLength: 200 })),
    mainContactEmail: Type.Optional(Type.String({ maxLength: 254 })),
    mainContactPhoneNumber: OptionalText(50),
  },
  {
    allOf: [
      eitherOf('name', 'companyName', CUSTOMER_MESSAGES.nameRequired),
      eitherOf('email', 'companyEmail', CUSTOMER_MESSAGES.emailRequired),
    ],
    description:
      'Company name and email are required (name or companyName, email or companyEmail). When any mainContact* field is present (the app always sends them on creation), ' +
      'the main contact name and email are required too and the contact is created with role Primary in the same transaction. ' +
      'API clients may send only {name, email, phoneNumber, address, address2}.',
  },
);
export type CustomerCreateBody = Static<typeof CustomerCreateBody>;

export const CustomerUpdateBody = Type.Object(
  {
    id: Type.Optional(Type.String({ description: 'Ignored: the path id wins' })),
    ...customerFields,
  },
  { description: 'Fields left out stay as they are; null or blank clears an optional field.' },
);
export type CustomerUpdateBody = Static<typeof CustomerUpdateBody>;

export const Customer = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phoneNumber: Nullable(Type.String()),
  address: Nullable(Type.String()),
  address2: Nullable(Type.String()),
  paymentTerms: Nullable(Type.String()),
  documentLanguage: Nullable(Type.String()),
  einvoiceFormat: Nullable(Type.String()),
  ...PartyIdentitySchema,
  country: Nullable(Type.String()),
  buyerReference: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  version: Type.String({ description: 'Row version (a growing integer, as a string)' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Customer = Static<typeof Customer>;

/** A customer's fields with aliases resolved; `undefined` means "not sent". */
export interface CustomerInput extends Partial<PartyIdentity> {
  name?: string;
  email?: string;
  phoneNumber?: string | null;
  address?: string | null;
  address2?: string | null;
  paymentTerms?: PaymentTerms | null;
  documentLanguage?: DocumentLanguage | null;
  einvoiceFormat?: EInvoicePreference | null;
  country?: string | null;
  buyerReference?: string | null;
}

/** The identity fields of a customer (the party fields, country, buyer reference). */
export const CUSTOMER_IDENTITY_FIELDS = [...PARTY_FIELDS, 'country', 'buyerReference'] as const;

/** The identity fields given, as stored (the server and the device's mutators alike). */
export function customerIdentityInput(
  value: object,
): Partial<PartyIdentity> & { country?: string | null; buyerReference?: string | null } {
  const fields = value as Partial<Record<string, unknown>>;
  const out: Partial<PartyIdentity> & { country?: string | null; buyerReference?: string | null } =
    normalisePartyFields(fields);
  if (fields.country !== undefined)
    out.country =
      typeof fields.country === 'string'
        ? (textOrNull(fields.country)?.toUpperCase() ?? null)
        : null;
  if (fields.buyerReference !== undefined)
    out.buyerReference =
      typeof fields.buyerReference === 'string' ? textOrNull(fields.buyerReference) : null;
  return out;
}

/** Every identity field of a new customer: the given ones as stored, the others null. */
export function customerIdentityRow(
  fields: object,
): Record<(typeof CUSTOMER_IDENTITY_FIELDS)[number], string | null> {
  const given = customerIdentityInput(fields) as Partial<Record<string, string | null>>;
  return Object.fromEntries(CUSTOMER_IDENTITY_FIELDS.map((f) => [f, given[f] ?? null])) as Record<
    (typeof CUSTOMER_IDENTITY_FIELDS)[number],
    string | null
  >;
}

/** Field messages of a customer's identity as it will be; the first one, or null. */
export function customerIdentityError(
  customer: Partial<PartyIdentity> & { country?: string | null },
): string | null {
  if (customer.country && !/^[A-Z]{2}$/.test(customer.country)) return CUSTOMER_MESSAGES.country;
  return partyError(customer);
}

export interface MainContactInput {
  name: string;
  email: string;
  phoneNumber: string | null;
}

const pick = <T>(own: T | undefined, alias: T | undefined): T | undefined =>
  own !== undefined ? own : alias;
const optional = (value: string | null | undefined) =>
  value === undefined ? undefined : textOrNull(value);

/** Resolves the form's aliases and trims: the fields to write. */
export function customerInput(body: CustomerUpdateBody): CustomerInput {
  const name = pick(body.name, body.companyName);
  const email = pick(body.email, body.companyEmail);
  return {
    name: name?.trim(),
    email: email?.trim(),
    phoneNumber: optional(pick(body.phoneNumber, body.companyPhoneNumber)),
    address: optional(pick(body.address, body.companyAddress)),
    address2: optional(pick(body.address2, body.companyAddress2)),
    paymentTerms: body.paymentTerms,
    documentLanguage: body.documentLanguage as DocumentLanguage | null | undefined,
    einvoiceFormat: optional(body.einvoiceFormat) as EInvoicePreference | null | undefined,
    ...customerIdentityInput(body),
  };
}

/** The main contact when the body carries any mainContact* field, else null. */
export function mainContactInput(body: CustomerCreateBody): MainContactInput | null {
  if (
    body.mainContactName === undefined &&
    body.mainContactEmail === undefined &&
    body.mainContactPhoneNumber === undefined
  )
    return null;
  return {
    name: body.mainContactName?.trim() ?? '',
    email: body.mainContactEmail?.trim() ?? '',
    phoneNumber: textOrNull(body.mainContactPhoneNumber),
  };
}

/**
 * Company name and email required (on update only when sent); main contact name and email
 * required when a main contact is given. Returns the first message, or null.
 */
export function customerError(
  input: CustomerInput,
  creating: boolean,
  mainContact: MainContactInput | null = null,
): string | null {
  return firstError([
    (creating || input.name !== undefined) && !input.name && CUSTOMER_MESSAGES.nameRequired,
    (creating || input.email !== undefined) && !input.email && CUSTOMER_MESSAGES.emailRequired,
    !!input.email && !isEmail(input.email) && CUSTOMER_MESSAGES.invalidEmail,
    input.documentLanguage !== undefined &&
      input.documentLanguage !== null &&
      !isDocumentLanguage(input.documentLanguage) &&
      DOCUMENT_LANGUAGE_MESSAGE,
    input.einvoiceFormat !== undefined &&
      input.einvoiceFormat !== null &&
      !isEInvoicePreference(input.einvoiceFormat) &&
      EINVOICE_MESSAGES.format,
    mainContact && !mainContact.name && CUSTOMER_MESSAGES.mainContactNameRequired,
    mainContact && !mainContact.email && CUSTOMER_MESSAGES.mainContactEmailRequired,
    mainContact &&
      !!mainContact.email &&
      !isEmail(mainContact.email) &&
      CUSTOMER_MESSAGES.mainContactInvalidEmail,
  ]);
}
