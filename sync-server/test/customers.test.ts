import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_PERSON_MESSAGES,
  CUSTOMER_MESSAGES,
  CUSTOMER_IDENTITY_FIELDS,
  PRIMARY_CONTACT_ROLE,
} from '@smb/shared-types';
import {
  client,
  expectStatus,
  rowsOf,
  schemaOf,
  seedInvoice,
  seedQuoteAndOrder,
  type Client,
} from './api-helpers';
import { createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let api: Client;
let schema: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Customer Co');
  api = client(t, admin.token);
  schema = await schemaOf(t, admin.tenantId);
});
afterAll(async () => {
  await t?.close();
});

const tenantDb = () => t.ctx.database.tenantDb(schema);

const formBody = {
  companyName: 'Globex',
  companyEmail: 'info@globex.test',
  companyPhoneNumber: '555-0100',
  companyAddress: '1 Main St',
  companyAddress2: 'Suite 2',
  mainContactName: 'Hank Scorpio',
  mainContactEmail: 'hank@globex.test',
  mainContactPhoneNumber: '555-0101',
};

describe('customers', () => {
  it('creates from the form fields with a Primary main contact in the same call', async () => {
    const created = expectStatus<Record<string, unknown>>(
      await api.post('/api/customers', formBody),
      201,
    );
    expect(created).toMatchObject({
      name: 'Globex',
      email: 'info@globex.test',
      phoneNumber: '555-0100',
      address: '1 Main St',
      address2: 'Suite 2',
    });
    expect(Object.keys(created).sort()).toEqual(
      [
        'address',
        'address2',
        'createdAt',
        'documentLanguage',
        'einvoiceFormat',
        'email',
        'id',
        'name',
        'paymentTerms',
        'phoneNumber',
        'updatedAt',
        'version',
        // The identity for invoices (issue 33), all optional.
        ...CUSTOMER_IDENTITY_FIELDS,
      ].sort(),
    );
    const contacts = expectStatus<Array<Record<string, unknown>>>(
      await api.get(`/api/contacts/customer/${created.id}`),
      200,
    );
    expect(contacts).toEqual([
      expect.objectContaining({
        name: 'Hank Scorpio',
        email: 'hank@globex.test',
        phoneNumber: '555-0101',
        role: PRIMARY_CONTACT_ROLE,
        customerId: created.id,
        companyId: created.id,
      }),
    ]);
    // Both rows were written by one transaction: one version.
    expect(contacts[0]!.version).toBe(created.version);
  });

  it("accepts the spec's API call {name, email, phoneNumber, address, address2} without a main contact", async () => {
    const created = expectStatus<{ id: string }>(
      await api.post('/api/customers', {
        name: '  Initech ',
        email: 'hello@initech.test',
        phoneNumber: '',
        address: null,
      }),
      201,
    );
    expect(created).toMatchObject({
      name: 'Initech',
      phoneNumber: null,
      address: null,
      address2: null,
    });
    expect(
      expectStatus<unknown[]>(await api.get(`/api/contacts/customer/${created.id}`), 200),
    ).toEqual([]);
    expect(expectStatus(await api.get(`/api/customers/${created.id}`), 200)).toEqual(created);
  });

  it.each([
    [{ ...formBody, companyName: '  ' }, CUSTOMER_MESSAGES.nameRequired],
    [{ name: 'A' }, CUSTOMER_MESSAGES.emailRequired],
    [{ name: 'A', email: 'not-an-email' }, CUSTOMER_MESSAGES.invalidEmail],
    [{ ...formBody, mainContactName: '' }, CUSTOMER_MESSAGES.mainContactNameRequired],
    [{ ...formBody, mainContactEmail: undefined }, CUSTOMER_MESSAGES.mainContactEmailRequired],
    [
      { name: 'A', email: 'a@b.co', mainContactPhoneNumber: '1' },
      CUSTOMER_MESSAGES.mainContactNameRequired,
    ],
    [{ ...formBody, mainContactEmail: 'nope' }, CUSTOMER_MESSAGES.mainContactInvalidEmail],
  ])('rejects %o with the rule message', async (body, message) => {
    const before = await rowsOf(t, schema, 'customers');
    const res = await api.post('/api/customers', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    expect(await rowsOf(t, schema, 'customers')).toEqual(before);
  });

  it('accepts a client-made id once and answers 409 for an id that exists', async () => {
    const id = randomUUID();
    expect(
      expectStatus(
        await api.post('/api/customers', { id, name: 'Client Made', email: 'c@m.test' }),
        201,
      ),
    ).toMatchObject({ id });
    const again = await api.post('/api/customers', { id, name: 'Again', email: 'a@m.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CUSTOMER_MESSAGES.idTaken);
    expect(
      (await api.post('/api/customers', { id: 'not-a-uuid', name: 'X', email: 'x@y.co' }))
        .statusCode,
    ).toBe(400);
    // The main contact's client-made id is checked the same way.
    const contactId = randomUUID();
    expectStatus(
      await api.post('/api/customers', {
        ...formBody,
        companyName: 'Client Ids Inc',
        companyEmail: 'ids@client.test',
        mainContactId: contactId,
      }),
      201,
    );
    expect(expectStatus(await api.get(`/api/contacts/${contactId}`), 200)).toMatchObject({
      role: PRIMARY_CONTACT_ROLE,
    });
    const taken = await api.post('/api/customers', {
      ...formBody,
      companyName: 'Client Ids Inc',
      companyEmail: 'ids@client.test',
      mainContactId: contactId,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(CONTACT_PERSON_MESSAGES.idTaken);
  });

  it('updates only the fields sent, bumps the version, and keeps the required rules', async () => {
    const created = expectStatus<{ id: string; version: string; updatedAt: string }>(
      await api.post('/api/customers', {
        name: 'Umbrella',
        email: 'u@umbrella.test',
        address: 'Raccoon City',
      }),
      201,
    );
    // The spec's client sends the whole customer including its id.
    const updated = expectStatus<{ version: string }>(
      await api.put(`/api/customers/${created.id}`, {
        ...created,
        name: 'Umbrella Corp',
        phoneNumber: '555',
      }),
      200,
    );
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Umbrella Corp',
      email: 'u@umbrella.test',
      phoneNumber: '555',
      address: 'Raccoon City',
    });
    expect(BigInt(updated.version)).toBeGreaterThan(BigInt(created.version));
    // The form's aliases work on update too; a partial body leaves the rest.
    expect(
      expectStatus(await api.put(`/api/customers/${created.id}`, { companyAddress: '' }), 200),
    ).toMatchObject({
      name: 'Umbrella Corp',
      address: null,
    });
    const blank = await api.put(`/api/customers/${created.id}`, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(CUSTOMER_MESSAGES.nameRequired);
    expect((await api.put(`/api/customers/${randomUUID()}`, { name: 'X' })).statusCode).toBe(404);
    expect((await api.get(`/api/customers/${randomUUID()}`)).json().message).toBe(
      CUSTOMER_MESSAGES.notFound,
    );
    // A malformed id is answered like an unknown one, so ids cannot be probed.
    expect((await api.get('/api/customers/not-a-uuid')).statusCode).toBe(404);
    expect((await api.del('/api/customers/1')).statusCode).toBe(404);
  });

  it('lists as a JSON array in name order with paging, search and X-Total-Count', async () => {
    const all = await api.get('/api/customers');
    const rows = expectStatus<Array<{ name: string }>>(all, 200);
    expect(Number(all.headers['x-total-count'])).toBe(rows.length);
    const names = rows.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const page = await api.get('/api/customers?limit=2&offset=1');
    expect(expectStatus<unknown[]>(page, 200)).toEqual(rows.slice(1, 3));
    expect(page.headers['x-total-count']).toBe(String(rows.length));

    const found = await api.get('/api/customers?q=GLOBEX');
    expect(expectStatus<Array<{ name: string }>>(found, 200).map((r) => r.name)).toEqual([
      'Globex',
    ]);
    expect(found.headers['x-total-count']).toBe('1');
    // LIKE wildcards are taken literally.
    expect(expectStatus<unknown[]>(await api.get('/api/customers?q=%25'), 200)).toEqual([]);
    expect((await api.get('/api/customers?limit=0')).statusCode).toBe(400);
  });
});

describe('customer delete', () => {
  it('removes the contacts, quotes with items and orders with items, with a tombstone for each', async () => {
    const customer = expectStatus<{ id: string }>(await api.post('/api/customers', formBody), 201);
    const contact = expectStatus<{ id: string }>(
      await api.post(`/api/contacts/customer/${customer.id}`, {
        name: 'Second',
        email: 's@globex.test',
      }),
      201,
    );
    // Quotes and orders are another module's; seed them directly with one line each.
    const { quoteId, orderId } = await seedQuoteAndOrder(t, schema, customer.id, contact.id);
    const contactIds = (
      await tenantDb()
        .selectFrom('contacts')
        .select('id')
        .where('customer_id', '=', customer.id)
        .execute()
    ).map((r) => r.id);
    expect(contactIds).toHaveLength(2);

    const res = await api.del(`/api/customers/${customer.id}`);
    expect(expectStatus(res, 200)).toEqual({ success: true, message: 'Customer deleted' });
    expect((await api.get(`/api/customers/${customer.id}`)).statusCode).toBe(404);
    const db = tenantDb();
    expect(
      await db.selectFrom('contacts').select('id').where('customer_id', '=', customer.id).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('quotes').select('id').where('id', '=', quoteId).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('quote_items').select('id').where('quote_id', '=', quoteId).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('orders').select('id').where('id', '=', orderId).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('order_items').select('id').where('order_id', '=', orderId).execute(),
    ).toEqual([]);

    const tombstones = await db
      .selectFrom('tombstones')
      .select(['entity', 'id', 'version'])
      .execute();
    const expected = [
      ['customers', customer.id],
      ...contactIds.map((id) => ['contacts', id]),
      ['quotes', quoteId],
      ['orders', orderId],
    ];
    for (const [entity, id] of expected)
      expect(tombstones).toContainEqual(expect.objectContaining({ entity, id }));
    const versions = new Set(
      tombstones
        .filter(
          (s) =>
            s.id === customer.id ||
            contactIds.includes(s.id) ||
            s.id === quoteId ||
            s.id === orderId,
        )
        .map((s) => s.version),
    );
    expect(versions.size).toBe(1);
    expect((await api.del(`/api/customers/${customer.id}`)).statusCode).toBe(404);
  });

  it('refuses (409) to delete a customer with invoices, and deletes nothing', async () => {
    const customer = expectStatus<{ id: string }>(await api.post('/api/customers', formBody), 201);
    const { orderId } = await seedQuoteAndOrder(t, schema, customer.id, null);
    await seedInvoice(t, schema, orderId, customer.id);
    const res = await api.del(`/api/customers/${customer.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CUSTOMER_MESSAGES.hasInvoices);
    expect(res.json().message).toMatch(/invoices are legal records/);
    expect(expectStatus(await api.get(`/api/customers/${customer.id}`), 200)).toMatchObject({
      id: customer.id,
    });
    expect(
      await tenantDb()
        .selectFrom('contacts')
        .select('id')
        .where('customer_id', '=', customer.id)
        .execute(),
    ).toHaveLength(1);
  });
});
