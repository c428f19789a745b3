import { friendlyFormatIBAN } from 'ibantools';
import { Type } from 'typebox';
import { Nullable, OptionalText, textOrNull } from './api';
import {
  ELECTRONIC_ADDRESS_SCHEMES,
  bicProblem,
  electronicAddressProblems,
  ibanProblem,
  normaliseIban,
  normaliseVatId,
  vatIdProblem,
} from './identifiers';

/**
 * The parties' identities an invoice a tax office accepts prints (EN 16931 seller and buyer): the
 * rest of a structured address (the street lines are the company's `address` and the customer's
 * `address`/`address2`), VAT ID, company registration ID, electronic address (scheme + identifier),
 * and the bank account payments go to. The company and its customers share these fields; every
 * one is optional until a document needs it. Checked with `identifiers.ts`.
 */
export const PARTY_FIELDS = [
  'postcode',
  'city',
  'region',
  'vatId',
  'registrationId',
  'electronicAddressScheme',
  'electronicAddressId',
  'iban',
  'bic',
] as const;
export type PartyField = (typeof PARTY_FIELDS)[number];
export type PartyIdentity = Record<PartyField, string | null>;

export const PARTY_LIMITS: Record<PartyField, number> = {
  postcode: 20,
  city: 100,
  region: 100,
  vatId: 30,
  registrationId: 50,
  electronicAddressScheme: 4,
  electronicAddressId: 100,
  iban: 50,
  bic: 15,
};

export const PARTY_LABELS: Record<PartyField, string> = {
  postcode: 'Postcode',
  city: 'City',
  region: 'Region',
  vatId: 'VAT ID',
  registrationId: 'Company registration ID',
  electronicAddressScheme: 'Electronic address scheme',
  electronicAddressId: 'Electronic address',
  iban: 'IBAN',
  bic: 'BIC',
};

export const PARTY_MESSAGES = {
  schemeWithoutId: 'Enter the electronic address for this scheme.',
  idWithoutScheme: 'Choose the kind of electronic address.',
} as const;

/** The schemes for a select: `0208 — Belgian company number (KBO/BCE)`. */
export const ELECTRONIC_ADDRESS_SCHEME_OPTIONS = Object.entries(ELECTRONIC_ADDRESS_SCHEMES).map(
  ([value, name]) => ({ value, label: `${value} — ${name}` }),
);

/** Body fields (absent → unchanged, null or blank → cleared). */
export const PartyIdentityBody = Object.fromEntries(
  PARTY_FIELDS.map((field) => [field, OptionalText(PARTY_LIMITS[field])]),
) as Record<PartyField, ReturnType<typeof OptionalText>>;

/** Read fields (null = not filled in). */
export const PartyIdentitySchema = Object.fromEntries(
  PARTY_FIELDS.map((field) => [field, Nullable(Type.String())]),
) as Record<PartyField, ReturnType<typeof Nullable<ReturnType<typeof Type.String>>>>;

export const EMPTY_PARTY_IDENTITY: PartyIdentity = Object.fromEntries(
  PARTY_FIELDS.map((field) => [field, null]),
) as PartyIdentity;

/**
 * The given party fields as stored: trimmed (blank → null); IBAN, BIC and VAT ID without spaces,
 * upper case. Fields not given stay absent. The server and the device's local mutators both use it.
 */
export function normalisePartyFields(value: object): Partial<PartyIdentity> {
  const fields = value as Partial<Record<string, unknown>>;
  const out: Partial<PartyIdentity> = {};
  for (const field of PARTY_FIELDS) {
    const raw = fields[field];
    if (raw === undefined) continue;
    const text = typeof raw === 'string' ? textOrNull(raw) : null;
    if (text === null) out[field] = null;
    else if (field === 'iban') out[field] = normaliseIban(text);
    else if (field === 'bic') out[field] = text.replace(/\s+/g, '').toUpperCase();
    else if (field === 'vatId') out[field] = normaliseVatId(text);
    else out[field] = text;
  }
  return out;
}

/**
 * Field messages for a party as it will be (current values with the changes applied): IBAN check
 * digits, BIC shape, VAT ID prefix (the address's country where it is in the EU), the electronic
 * address's scheme and identifier together. Empty when all is well.
 */
export function partyFieldErrors(
  party: Partial<PartyIdentity>,
  country: string | null | undefined,
): Partial<Record<PartyField, string>> {
  const errors: Partial<Record<PartyField, string>> = {};
  for (const field of PARTY_FIELDS) {
    const value = party[field];
    if (value && value.length > PARTY_LIMITS[field])
      errors[field] = `${PARTY_LABELS[field]} must be at most ${PARTY_LIMITS[field]} characters`;
  }
  if (party.iban && !errors.iban) {
    const problem = ibanProblem(party.iban);
    if (problem) errors.iban = problem;
  }
  if (party.bic && !errors.bic) {
    const problem = bicProblem(party.bic);
    if (problem) errors.bic = problem;
  }
  if (party.vatId && !errors.vatId) {
    const problem = vatIdProblem(party.vatId, country);
    if (problem) errors.vatId = problem;
  }
  const scheme = party.electronicAddressScheme;
  const id = party.electronicAddressId;
  if (scheme && !id) errors.electronicAddressId = PARTY_MESSAGES.schemeWithoutId;
  else if (id && !scheme) errors.electronicAddressScheme = PARTY_MESSAGES.idWithoutScheme;
  else if (scheme && id) {
    const problems = electronicAddressProblems({ scheme, id });
    if (problems.scheme) errors.electronicAddressScheme = problems.scheme;
    if (problems.id) errors.electronicAddressId = problems.id;
  }
  return errors;
}

/** An IBAN in groups of four, as printed: DE89 3704 0044 0532 0130 00. */
export const formatIban = (iban: string): string => friendlyFormatIBAN(iban) ?? iban;

/** The first field message, in form order, or null (the API's 400 message). */
export function firstPartyError(errors: Partial<Record<PartyField, string>>): string | null {
  for (const field of PARTY_FIELDS) if (errors[field]) return errors[field]!;
  return null;
}

/** A party's first field message (its country's rules), or null. */
export function partyError(party: Partial<PartyIdentity> & { country?: string | null }) {
  return firstPartyError(partyFieldErrors(party, party.country));
}
