import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_PERSON_MESSAGES } from '@smb/shared-types';
import { client, expectStatus, type Client } from './api-helpers';
import { createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let api: Client;
let customerId: string;
let otherCustomerId: string;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t, (await registerTenant(t, 'Contact Co')).token);
  customerId = expectStatus<{ id: string }>(
    await api.post('/api/customers', { name: 'Acme', email: 'a@acme.test' }),
    201,
  ).id;
  otherCustomerId = expectStatus<{ id: string }>(
    await api.post('/api/customers', { name: 'Beta', email: 'b@beta.test' }),
    201,
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe('contacts', () => {
  it('creates under the customer in the path (which wins over companyId) and reads it back', async () => {
    const res = await api.post(`/api/contacts/customer/${customerId}`, {
      name: ' Wile E. ',
      email: 'wile@acme.test',
      phoneNumber: '555-1',
      role: 'Buyer',
      companyId: otherCustomerId,
    });
    const contact = expectStatus<Record<string, unknown>>(res, 201);
    expect(contact).toMatchObject({
      name: 'Wile E.',
      email: 'wile@acme.test',
      phoneNumber: '555-1',
      role: 'Buyer',
      customerId,
      companyId: customerId,
    });
    expect(Object.keys(contact).sort()).toEqual(
      [
        'companyId',
        'createdAt',
        'customerId',
        'email',
        'id',
        'name',
        'phoneNumber',
        'role',
        'updatedAt',
        'version',
      ].sort(),
    );
    expect(expectStatus(await api.get(`/api/contacts/${contact.id}`), 200)).toEqual(contact);
  });

  it.each([
    [{ email: 'x@y.co' }, CONTACT_PERSON_MESSAGES.nameRequired],
    [{ name: 'X', email: ' ' }, CONTACT_PERSON_MESSAGES.emailRequired],
    [{ name: 'X', email: 'bad' }, CONTACT_PERSON_MESSAGES.invalidEmail],
  ])('rejects %o with the rule message', async (body, message) => {
    const res = await api.post(`/api/contacts/customer/${customerId}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 404 for an unknown customer, and requires a customer in the service', async () => {
    const res = await api.post(`/api/contacts/customer/${randomUUID()}`, {
      name: 'X',
      email: 'x@y.co',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CONTACT_PERSON_MESSAGES.customerNotFound);
    expect((await api.get(`/api/contacts/customer/${randomUUID()}`)).statusCode).toBe(404);
    const { contactError } = await import('@smb/shared-types');
    expect(contactError({ name: 'X', email: 'x@y.co' }, true)).toBe(
      CONTACT_PERSON_MESSAGES.customerRequired,
    );
  });

  it('lists all contacts or one customer’s, with the customerId filter, paging and X-Total-Count', async () => {
    expectStatus(
      await api.post(`/api/contacts/customer/${otherCustomerId}`, {
        name: 'Road Runner',
        email: 'rr@beta.test',
      }),
      201,
    );
    const all = await api.get('/api/contacts');
    const rows = expectStatus<Array<{ customerId: string; name: string }>>(all, 200);
    expect(rows.map((r) => r.customerId).sort()).toEqual([customerId, otherCustomerId].sort());
    expect(all.headers['x-total-count']).toBe(String(rows.length));
    const filtered = expectStatus<Array<{ name: string }>>(
      await api.get(`/api/contacts?customerId=${otherCustomerId}`),
      200,
    );
    expect(filtered.map((r) => r.name)).toEqual(['Road Runner']);
    const byPath = await api.get(`/api/contacts/customer/${customerId}?limit=1`);
    expect(expectStatus<unknown[]>(byPath, 200)).toHaveLength(1);
    expect(byPath.headers['x-total-count']).toBe('1');
    expect(expectStatus<unknown[]>(await api.get('/api/contacts?q=RUNNER'), 200)).toHaveLength(1);
  });

  it('updates only the fields sent (moving to another customer of the tenant), bumps the version, and deletes', async () => {
    const contact = expectStatus<{ id: string; version: string }>(
      await api.post(`/api/contacts/customer/${customerId}`, {
        name: 'Movable',
        email: 'm@acme.test',
        role: 'Ops',
      }),
      201,
    );
    const moved = expectStatus<{ version: string }>(
      await api.put(`/api/contacts/${contact.id}`, { customerId: otherCustomerId, role: '' }),
      200,
    );
    expect(moved).toMatchObject({
      name: 'Movable',
      customerId: otherCustomerId,
      companyId: otherCustomerId,
      role: null,
    });
    expect(BigInt(moved.version)).toBeGreaterThan(BigInt(contact.version));
    const badCustomer = await api.put(`/api/contacts/${contact.id}`, { companyId: randomUUID() });
    expect(badCustomer.statusCode).toBe(404);
    expect(badCustomer.json().message).toBe(CONTACT_PERSON_MESSAGES.customerNotFound);
    expect((await api.put(`/api/contacts/${contact.id}`, { name: '' })).json().message).toBe(
      CONTACT_PERSON_MESSAGES.nameRequired,
    );
    expect((await api.put(`/api/contacts/${randomUUID()}`, { name: 'X' })).statusCode).toBe(404);

    expect(expectStatus(await api.del(`/api/contacts/${contact.id}`), 200)).toMatchObject({
      success: true,
    });
    const missing = await api.get(`/api/contacts/${contact.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CONTACT_PERSON_MESSAGES.notFound);
    expect((await api.del(`/api/contacts/${contact.id}`)).statusCode).toBe(404);
  });

  it('rejects a client-made id that exists with 409', async () => {
    const id = randomUUID();
    expectStatus(
      await api.post(`/api/contacts/customer/${customerId}`, {
        id,
        name: 'Once',
        email: 'o@acme.test',
      }),
      201,
    );
    const again = await api.post(`/api/contacts/customer/${customerId}`, {
      id,
      name: 'Twice',
      email: 't@acme.test',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CONTACT_PERSON_MESSAGES.idTaken);
  });
});
