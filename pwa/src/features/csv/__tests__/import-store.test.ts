import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SmbDatabase } from '../../../db/database';
import { closeTestDatabase, syncedCustomer, useTestDatabase } from '../../../test/local-store';
import { importRows, loadImportLookups, SKIP_REASONS } from '../import-store';
import { guessMapping } from '../mapping';
import { prepareRows } from '../prepare';
import { parseCsvText } from '../parse';

let db: SmbDatabase;
beforeEach(async () => {
  db = useTestDatabase();
  await db.customers.put(syncedCustomer(1, { email: 'known@example.test', name: 'Known Ltd' }));
  await db.currencies.put({
    id: '00000000-0000-4000-8000-0000000000c1',
    code: 'EUR',
    name: 'Euro',
    symbol: '€',
    taxRate: 20,
    dollarExchangeRate: 1.1,
    isDefault: true,
    version: '1',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
});
afterEach(() => closeTestDatabase(db));

async function prepare(kind: 'customers' | 'products' | 'contacts', text: string) {
  const csv = parseCsvText(text);
  return prepareRows(kind, csv.rows, guessMapping(kind, csv.headers), await loadImportLookups(db));
}

const CUSTOMERS = [
  'Company;Email;Phone;Contact Name;Contact Email',
  'New One;new1@example.test;+1 1;Ann;ann@example.test',
  'Known Ltd renamed;KNOWN@example.test;+1 2;;',
  ';bad@example.test;;;',
  'New Two;new2@example.test;;;',
].join('\n');

describe('importing through the outbox', () => {
  it('stores payment terms read from the file, on a new customer and on an update', async () => {
    const rows = await prepare(
      'customers',
      [
        'Company name,Company email,Payment terms,Main contact name,Main contact email',
        'Terms Co,terms@example.test,Net 14,Tia Terms,',
        'Known Ltd,known@example.test,net_60,,',
      ].join('\n'),
    );
    expect(rows.map((r) => [r.status, r.notes])).toEqual([
      ['new', ['Imported without a main contact: no email for “Tia Terms”']],
      ['duplicate', []],
    ]);
    const summary = await importRows(db, 'customers', rows, 'update');
    expect([summary.created, summary.updated]).toEqual([1, 1]);
    const outbox = await db.outbox.orderBy('mutationId').toArray();
    const create = outbox.find((m) => m.name === 'customer.create')!;
    expect(create.args).toMatchObject({ name: 'Terms Co', paymentTerms: 'net_14' });
    expect(create.args).not.toHaveProperty('mainContact');
    // The update changes the one field that differs.
    expect(outbox.find((m) => m.name === 'customer.update')!.args).toMatchObject({
      changes: { paymentTerms: 'net_60' },
    });
    const stored = await db.customers.toArray();
    expect(stored.map((c) => [c.name, c.paymentTerms]).sort()).toEqual([
      ['Known Ltd', 'net_60'],
      ['Terms Co', 'net_14'],
    ]);
  });

  it('creates valid rows as customer.create mutations (with the main contact), in batches', async () => {
    const rows = await prepare('customers', CUSTOMERS);
    const progress: [number, number][] = [];
    const summary = await importRows(
      db,
      'customers',
      rows,
      'skip',
      (d, t) => progress.push([d, t]),
      2,
    );
    expect(summary.created).toBe(2);
    expect(summary.updated).toBe(0);
    expect(summary.skipped).toEqual([
      { line: 3, reasons: [SKIP_REASONS.duplicate], cells: rows[1]!.cells },
      { line: 4, reasons: ['Company name is required'], cells: rows[2]!.cells },
    ]);
    expect(progress).toEqual([
      [0, 4],
      [2, 4],
      [4, 4],
    ]);
    const outbox = await db.outbox.orderBy('mutationId').toArray();
    expect(outbox.map((m) => m.name)).toEqual(['customer.create', 'customer.create']);
    // Numbered in order like single mutations, each with the records it changed (for rebase).
    expect(outbox.map((m) => m.mutationId)).toEqual([1, 2]);
    expect(outbox[0]!.keys).toHaveLength(2);
    expect(outbox[0]!.keys[0]).toBe(`customers:${outbox[0]!.args.id as string}`);
    expect(await db.meta.get('nextMutationId')).toMatchObject({ value: 3 });
    expect(outbox[0]!.args).toMatchObject({
      name: 'New One',
      email: 'new1@example.test',
      phoneNumber: '+1 1',
      mainContact: { name: 'Ann', email: 'ann@example.test', phoneNumber: null },
    });
    expect(outbox[1]!.args).not.toHaveProperty('mainContact');
    const contacts = await db.contacts.toArray();
    expect(contacts.map((c) => [c.name, c.role])).toEqual([['Ann', 'Primary']]);
    expect((await db.customers.get(syncedCustomer(1).id))!.name).toBe('Known Ltd');
  });

  it('updates a duplicate with only the changed fields when asked to', async () => {
    const rows = await prepare('customers', CUSTOMERS);
    const summary = await importRows(db, 'customers', rows, 'update');
    expect(summary).toMatchObject({ created: 2, updated: 1 });
    const update = (await db.outbox.toArray()).find((m) => m.name === 'customer.update')!;
    expect(update.args).toEqual({
      id: syncedCustomer(1).id,
      baseVersion: '1',
      changes: { name: 'Known Ltd renamed', email: 'KNOWN@example.test', phoneNumber: '+1 2' },
      base: {
        name: 'Known Ltd',
        email: 'known@example.test',
        phoneNumber: syncedCustomer(1).phoneNumber,
      },
    });
    // The same file again: nothing differs any more.
    const again = await importRows(
      db,
      'customers',
      await prepare('customers', CUSTOMERS),
      'update',
    );
    expect(again.updated).toBe(0);
    expect(again.skipped.map((s) => s.reasons[0])).toContain(SKIP_REASONS.unchanged);
  });

  it('creates products in the currency given by code and contacts under the matched customer', async () => {
    const products = await prepare('products', 'Name;SKU;Unit price;Currency\nMug;M-1;4,90;eur');
    expect((await importRows(db, 'products', products, 'skip')).created).toBe(1);
    expect(
      (await db.products.toArray()).map((p) => [p.name, p.sku, p.price, p.currencyCode]),
    ).toEqual([['Mug', 'M-1', 4.9, 'EUR']]);
    const contacts = await prepare('contacts', 'Company,Name,Email\nknown ltd,Bo,bo@example.test');
    expect((await importRows(db, 'contacts', contacts, 'skip')).created).toBe(1);
    expect((await db.contacts.toArray())[0]).toMatchObject({
      customerId: syncedCustomer(1).id,
      name: 'Bo',
      email: 'bo@example.test',
    });
  });
});
