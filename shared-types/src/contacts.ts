import { Type, type Static } from 'typebox';
import {
  ClientId,
  ListQuery,
  Nullable,
  OptionalText,
  PathId,
  RequiredText,
  textOrNull,
} from './api';
import { firstError, isEmail } from './validation';

/** A customer's contact person (not the contact-sales form, which is `contact.ts`). */
export const CONTACT_PERSON_MESSAGES = {
  customerRequired: 'Customer is required',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Email is not a valid email address',
  notFound: 'Contact not found',
  customerNotFound: 'Customer not found',
  idTaken: 'A contact with this id already exists',
} as const;

const Name = RequiredText(200, CONTACT_PERSON_MESSAGES.nameRequired);
const Email = RequiredText(254, CONTACT_PERSON_MESSAGES.emailRequired);

const fields = {
  name: Type.Optional(Name),
  email: Type.Optional(Email),
  phoneNumber: OptionalText(50),
  role: OptionalText(100),
  customerId: Type.Optional(Type.String({ format: 'uuid' })),
  companyId: Type.Optional(Type.String({ format: 'uuid', description: 'Same as customerId' })),
};

export const ContactCreateBody = Type.Object(
  { id: ClientId, ...fields, name: Name, email: Email },
  {
    description:
      'Name and email are required. The customer in the path wins over customerId/companyId in the body.',
  },
);
export type ContactCreateBody = Static<typeof ContactCreateBody>;

export const ContactUpdateBody = Type.Object(
  { ...fields, id: Type.Optional(Type.String({ description: 'Ignored: the path id wins' })) },
  {
    description:
      'Fields left out stay as they are. customerId (or companyId) moves the contact to another customer.',
  },
);
export type ContactUpdateBody = Static<typeof ContactUpdateBody>;

export const ContactListQuery = Type.Object({
  ...ListQuery.properties,
  customerId: Type.Optional(PathId),
});
export type ContactListQuery = Static<typeof ContactListQuery>;

export const CustomerIdParams = Type.Object({ customerId: PathId });
export type CustomerIdParams = Static<typeof CustomerIdParams>;

export const ContactPerson = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phoneNumber: Nullable(Type.String()),
  role: Nullable(Type.String()),
  customerId: Type.String(),
  companyId: Type.String({ description: 'Same as customerId' }),
  createdAt: Type.String({ format: 'date-time' }),
  version: Type.String({ description: 'Row version (a growing integer, as a string)' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type ContactPerson = Static<typeof ContactPerson>;

export interface ContactInput {
  customerId?: string;
  name?: string;
  email?: string;
  phoneNumber?: string | null;
  role?: string | null;
}

const optional = (value: string | null | undefined) =>
  value === undefined ? undefined : textOrNull(value);

/** Trims and resolves `companyId` as an alias of `customerId`. */
export function contactInput(body: ContactUpdateBody): ContactInput {
  return {
    customerId: body.customerId ?? body.companyId,
    name: body.name?.trim(),
    email: body.email?.trim(),
    phoneNumber: optional(body.phoneNumber),
    role: optional(body.role),
  };
}

/** A new contact's name, email, phone and role: the given ones, the others empty. */
export function newContactValues(input: ContactInput) {
  return {
    name: input.name ?? '',
    email: input.email ?? '',
    phoneNumber: input.phoneNumber ?? null,
    role: input.role ?? null,
  };
}

/** Customer, name and email required (on update only when sent). */
export function contactError(input: ContactInput, creating: boolean): string | null {
  return firstError([
    creating && !input.customerId && CONTACT_PERSON_MESSAGES.customerRequired,
    (creating || input.name !== undefined) && !input.name && CONTACT_PERSON_MESSAGES.nameRequired,
    (creating || input.email !== undefined) &&
      !input.email &&
      CONTACT_PERSON_MESSAGES.emailRequired,
    !!input.email && !isEmail(input.email) && CONTACT_PERSON_MESSAGES.invalidEmail,
  ]);
}
