import { Stack, Text } from '@mantine/core';
import type { EInvoiceParty } from '@smb/shared-types/einvoice';
import { addressLines } from './format';

function Identifier({ label, value }: { label: string; value?: string }) {
  if (!value) return null;
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
}

/** A seller or buyer as the e-invoice names it: name, address, identifiers, contact. */
export function ReceivedParty({ role, party }: { role: 'Seller' | 'Buyer'; party: EInvoiceParty }) {
  const id = `einvoice-party-${role.toLowerCase()}`;
  const contact = party.contact;
  return (
    <Stack gap={2} component="section" aria-labelledby={id}>
      <Text id={id} size="xs" tt="uppercase" fw={700} c="dimmed" mb={4}>
        {role}
      </Text>
      <Text fw={600}>{party.name}</Text>
      {party.tradingName && party.tradingName !== party.name && (
        <Text size="sm">{party.tradingName}</Text>
      )}
      {addressLines(party.address).map((line, i) => (
        <Text size="sm" key={i}>
          {line}
        </Text>
      ))}
      <Stack gap={0} mt={6}>
        <Identifier label="VAT ID" value={party.vatId} />
        <Identifier label="Registration" value={party.registrationId} />
        <Identifier
          label="Electronic address"
          value={
            party.electronicAddress &&
            `${party.electronicAddress.id} (scheme ${party.electronicAddress.scheme})`
          }
        />
        <Identifier
          label="Contact"
          value={
            contact && [contact.name, contact.phone, contact.email].filter(Boolean).join(' · ')
          }
        />
      </Stack>
    </Stack>
  );
}
