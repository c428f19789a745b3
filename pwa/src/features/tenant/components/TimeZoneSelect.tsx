import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { COUNTRIES } from '@smb/shared-types/countries';
import { countryTimeZone } from '@smb/shared-types/company';

export const TIME_ZONE_DESCRIPTION =
  "Recurring invoices and document dates follow your company's calendar day in this zone.";

/** Every IANA zone the browser knows (the countries' zones where it cannot list them), and UTC. */
function allTimeZones(): string[] {
  const listed =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : COUNTRIES.map((c) => c.timeZone);
  return [...new Set(['UTC', ...listed])];
}

/**
 * The company's time zone: a searchable list of IANA zones; '' follows the country (shown with
 * the zone it gives).
 */
export function TimeZoneSelect({
  value,
  country,
  onChange,
}: {
  value: string;
  country: string | null;
  onChange: (next: string) => void;
}) {
  const zones = useMemo(allTimeZones, []);
  const data = [
    { value: '', label: `From country (${countryTimeZone(country)})` },
    ...[...new Set(value ? [value, ...zones] : zones)].map((z) => ({ value: z, label: z })),
  ];
  return (
    <Select
      label="Time zone"
      description={TIME_ZONE_DESCRIPTION}
      data={data}
      value={value}
      onChange={(next) => onChange(next ?? '')}
      allowDeselect={false}
      searchable
      limit={100}
    />
  );
}
