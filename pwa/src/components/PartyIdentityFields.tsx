import { useState } from 'react';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  ELECTRONIC_ADDRESS_SCHEME_OPTIONS,
  PARTY_LABELS,
  PARTY_LIMITS,
  normalisePartyFields,
  partyFieldErrors,
  type PartyField,
} from '@smb/shared-types/parties';

export type PartyValues = Partial<Record<PartyField, string | null>>;

const PLACEHOLDERS: Partial<Record<PartyField, string>> = {
  postcode: 'e.g. 10115',
  city: 'e.g. Berlin',
  region: 'State, province or county',
  vatId: 'With its country code, e.g. DE123456789',
  registrationId: 'e.g. HRB 12345',
  electronicAddressId: 'e.g. 0123456749',
  iban: 'e.g. DE89 3704 0044 0532 0130 00',
  bic: 'e.g. COBADEFFXXX',
};

/** The field messages of the values as typed (a VAT ID against `country`). */
export function partyErrors(values: PartyValues, country: string | null | undefined) {
  return partyFieldErrors(normalisePartyFields(values), country?.trim().toUpperCase() || null);
}

/**
 * The parties' identities on a company or customer form: postcode, city and region (the street
 * lines are the form's own), VAT ID, registration ID, electronic address, bank account. All
 * optional; a field's message shows once it was left (or the form was submitted: `showAll`).
 */
export function PartyIdentityFields({
  values,
  onChange,
  country,
  disabled = false,
  showAll = false,
  withBank = true,
}: {
  values: PartyValues;
  onChange: (field: PartyField, value: string) => void;
  country: string | null | undefined;
  disabled?: boolean;
  showAll?: boolean;
  withBank?: boolean;
}) {
  const [left, setLeft] = useState<Partial<Record<PartyField, boolean>>>({});
  const errors = partyErrors(values, country);
  const input = (field: PartyField, autoComplete?: string) => (
    <TextInput
      key={field}
      label={PARTY_LABELS[field]}
      placeholder={PLACEHOLDERS[field]}
      autoComplete={autoComplete ?? 'off'}
      value={values[field] ?? ''}
      maxLength={PARTY_LIMITS[field]}
      disabled={disabled}
      error={(showAll || left[field]) && errors[field]}
      onChange={(event) => onChange(field, event.currentTarget.value)}
      onBlur={() => setLeft((l) => ({ ...l, [field]: true }))}
    />
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {input('postcode', 'postal-code')}
        {input('city', 'address-level2')}
        {input('region', 'address-level1')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {input('vatId')}
        {input('registrationId')}
        <Select
          label={PARTY_LABELS.electronicAddressScheme}
          placeholder="None"
          description="Where e-invoices are delivered (e.g. Peppol)"
          data={ELECTRONIC_ADDRESS_SCHEME_OPTIONS}
          value={values.electronicAddressScheme || null}
          onChange={(next) => {
            onChange('electronicAddressScheme', next ?? '');
            setLeft((l) => ({ ...l, electronicAddressScheme: true }));
          }}
          clearable
          searchable
          disabled={disabled}
          error={(showAll || left.electronicAddressScheme) && errors.electronicAddressScheme}
          comboboxProps={{ withinPortal: true }}
        />
        <div style={{ alignSelf: 'end' }}>{input('electronicAddressId')}</div>
      </SimpleGrid>
      {withBank && (
        <>
          <Text size="sm" fw={600} mt="xs">
            Bank account for transfers
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {input('iban')}
            {input('bic')}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
