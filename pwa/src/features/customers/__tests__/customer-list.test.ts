import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchesSearch } from '../../../components/crud/search';
import { foldForSearch, sortByName } from '../../../lib/collation';
import { setFormatLocale } from '../../../lib/formats';
import type { SmbDatabase } from '../../../db/database';
import type { CustomerRow } from '../../../db/types';
import { closeTestDatabase, syncedCustomer, useTestDatabase } from '../../../test/local-store';
import { customersMatching } from '../data/customer-list';

let db: SmbDatabase;
beforeEach(() => {
  db = useTestDatabase();
});
afterEach(() => {
  setFormatLocale('en-US');
  return closeTestDatabase(db);
});

/** The definition: case- and accent-insensitive "contains" in name, email, phone or address, by name in the tenant's alphabet. */
async function reference(search: string): Promise<string[]> {
  const rows = sortByName(await db.customers.toArray());
  return rows
    .filter((c) => matchesSearch(search, c.name, c.email, c.phoneNumber, c.address, c.address2))
    .map((c) => c.name);
}
const names = async (search: string) => (await customersMatching(db, search)).map((c) => c.name);

const ROWS: CustomerRow[] = [
  ...Array.from({ length: 60 }, (_, i) => syncedCustomer(i + 1)),
  syncedCustomer(101, { name: 'Acme', email: 'billing@acme.test', address2: 'Suite 9' }),
  syncedCustomer(102, { name: 'ΟΔΟΣ Κτίριο', email: 'odos@example.gr' }),
  syncedCustomer(103, { name: 'İstanbul Halı', address: 'İSTİKLAL Cd. 5' }),
  syncedCustomer(104, { name: 'Straße GmbH', phoneNumber: null as unknown as string }),
  syncedCustomer(105, { name: 'Blank Fields', email: '', address: '' }),
];

describe('customer search (customersMatching)', () => {
  it('gives exactly the rows of a case-insensitive "contains" over name, email, phone and address', async () => {
    await db.customers.bulkPut(ROWS);
    const searches = [
      '',
      '   ',
      'c42@EXAMPLE',
      '  customer 05  ',
      'MAIN STREET',
      '+1 555 010',
      'suite 9',
      'acme',
      // Never across two fields: the name ends with "Acme", the email starts with "billing".
      'acmebilling',
      'acme\u0000billing',
      'acme billing',
      'οδος',
      'ΟΔΟΣ',
      'istanbul',
      'i̇stanbul',
      'İSTİKLAL',
      'strasse',
      'straße',
      'zzz',
    ];
    for (const search of searches)
      expect(await names(search), search).toEqual(await reference(search));
    expect(await names('acmebilling')).toEqual([]);
    expect(await names('c42@EXAMPLE')).toEqual(['Customer 042']);
  });

  it('narrows keystroke by keystroke and widens again, as a fresh search would', async () => {
    await db.customers.bulkPut(ROWS);
    for (const search of [
      'c',
      'c4',
      'c42',
      'c42@',
      'c4',
      'customer 0',
      'customer 01',
      'x',
      'c',
      '',
    ])
      expect(await names(search), search).toEqual(await reference(search));
  });

  it('sees a customer added, changed or deleted after the previous search', async () => {
    await db.customers.bulkPut(ROWS);
    expect(await names('harbour')).toEqual([]);
    await db.customers.put(syncedCustomer(200, { name: 'Harbour Lights' }));
    expect(await names('harbour')).toEqual(['Harbour Lights']);
    await db.customers.update(syncedCustomer(200).id, { name: 'Pier Cafe' });
    expect(await names('harbour')).toEqual([]);
    expect(await names('pier')).toEqual(['Pier Cafe']);
    await db.customers.delete(syncedCustomer(200).id);
    expect(await names('pier')).toEqual([]);
  });
});

describe('the reader’s alphabet (issue 34.5)', () => {
  const PEOPLE = [
    'Brasserie',
    'Müller KG',
    'Åsa Ek',
    'Bäckerei',
    'zebra',
    'Øst',
    'Mueller',
    'Item 10',
    'Item 9',
  ];
  const seed = () =>
    db.customers.bulkPut(PEOPLE.map((name, i) => syncedCustomer(300 + i, { name })));

  it('finds Müller by muller, Åsa by asa and Øst by ost: case and accents ignored', async () => {
    await seed();
    expect(await names('muller')).toEqual(['Müller KG']);
    expect(await names('MÜLLER')).toEqual(['Müller KG']);
    expect(await names('asa')).toEqual(['Åsa Ek']);
    expect(await names('ost')).toEqual(['Øst']);
    expect(await names('backerei')).toEqual(['Bäckerei']);
    expect(foldForSearch('Straße Łódź')).toBe('strasse lodz');
  });

  it('sorts with Intl.Collator in the tenant locale: Bäckerei before Brasserie; Åsa last in Swedish', async () => {
    await seed();
    setFormatLocale('de-DE');
    expect(await names('')).toEqual([
      'Åsa Ek',
      'Bäckerei',
      'Brasserie',
      'Item 9',
      'Item 10',
      'Mueller',
      'Müller KG',
      'Øst',
      'zebra',
    ]);
    setFormatLocale('sv-SE');
    const swedish = await names('');
    expect(swedish.slice(-2)).toEqual(['Åsa Ek', 'Øst'].sort(new Intl.Collator('sv-SE').compare));
    expect(swedish.indexOf('zebra')).toBeLessThan(swedish.indexOf('Åsa Ek'));
  });
});
