import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PROTOCOL_VERSION,
  MIN_PROTOCOL_VERSION,
  PROTOCOL_MESSAGES,
  PROTOCOL_VERSION,
} from '@smb/shared-types';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';
import { TestClient, customerArgs } from './sync-helpers';

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerTenant(t, 'Protocol Co');
});
afterAll(async () => {
  await t?.close();
});

const client = (protocolVersion?: number) => {
  const c = new TestClient(t, admin.token);
  c.protocolVersion = protocolVersion;
  return c;
};
const range = { min: MIN_PROTOCOL_VERSION, max: MAX_PROTOCOL_VERSION };

/** What a user sees of a customer, without what only the server makes. */
function stored(row: Record<string, unknown> | undefined) {
  expect(row).toBeDefined();
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...rest } = row!;
  return rest;
}

describe('protocol version', () => {
  it('states the accepted range in every push and pull answer, for versioned and unversioned clients', async () => {
    for (const c of [client(), client(PROTOCOL_VERSION)]) {
      const push = await c.push([c.mutation('customer.create', customerArgs())]);
      expect(push.status).toBe(200);
      expect(push.body.protocol).toEqual(range);
      expect(push.body.results[0]!.status).toBe('applied');
      const [page] = await c.pull();
      expect(page!.protocol).toEqual(range);
    }
  });

  it('answers a client below the minimum 409 clientTooOld and applies nothing, not even a bad body', async () => {
    const old = client(MIN_PROTOCOL_VERSION - 1);
    const args = customerArgs({ name: 'Too Old Ltd' });
    // Even a mutation this server would refuse is not judged: the client must update first.
    const res = await old.push([
      old.mutation('customer.create', args),
      old.mutation('customer.update', { nonsense: true }),
    ]);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      statusCode: 409,
      code: 'clientTooOld',
      message: PROTOCOL_MESSAGES.clientTooOld,
      protocol: range,
    });

    const pull = await t.app.inject({
      method: 'POST',
      url: '/api/sync/pull',
      headers: bearer(admin.token),
      payload: {
        clientGroupId: old.clientGroupId,
        clientId: old.clientId,
        cursor: null,
        protocolVersion: 0,
      },
    });
    expect(pull.statusCode).toBe(409);
    expect(pull.json()).toMatchObject({ code: 'clientTooOld', protocol: range });

    // Nothing was applied or recorded: a current client sees no such customer, and the old
    // client's first mutation id is still unused once it has updated.
    const reader = client(PROTOCOL_VERSION);
    await reader.pull();
    expect(reader.get('customers', args.id)).toBeUndefined();
    const updated = client(PROTOCOL_VERSION);
    Object.assign(updated, { clientId: old.clientId, clientGroupId: old.clientGroupId });
    const replay = await updated.push([{ id: 1, name: 'customer.create', args }]);
    expect(replay.body.results).toEqual([{ id: 1, status: 'applied' }]);
  });

  it('answers a client above the maximum 409 clientTooNew, applying nothing', async () => {
    const future = client(MAX_PROTOCOL_VERSION + 1);
    const args = customerArgs({ name: 'From The Future' });
    const res = await future.push([future.mutation('customer.create', args)]);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'clientTooNew', protocol: range });
    const reader = client();
    await reader.pull();
    expect(reader.get('customers', args.id)).toBeUndefined();
  });

  it('refuses a protocol version that is not an integer as a bad request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(admin.token),
      payload: {
        clientGroupId: randomUUID(),
        clientId: randomUUID(),
        mutations: [],
        protocolVersion: 'two',
      },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('customer mutations across protocol versions', () => {
  // Version 1 spelled fields by the form's aliases; version 2 takes the spec names only.
  const v1Fields = {
    companyName: 'Alias Works',
    companyEmail: 'hello@alias.test',
    companyPhoneNumber: '555-0111',
    companyAddress: '2 Side St',
    companyAddress2: 'Unit 4',
  };
  const v2Fields = {
    name: 'Alias Works',
    email: 'hello@alias.test',
    phoneNumber: '555-0111',
    address: '2 Side St',
    address2: 'Unit 4',
  };
  const bare = (id: string) => ({ id, mainContact: customerArgs().mainContact });

  it('stores the same customer from a version 1 (upcast) and a version 2 create and update', async () => {
    const v1 = client(1);
    const unversioned = client();
    const v2 = client(2);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    expect(
      (await v1.push([v1.mutation('customer.create', { ...bare(ids[0]!), ...v1Fields })])).body
        .results[0],
    ).toMatchObject({ status: 'applied' });
    expect(
      (
        await unversioned.push([
          unversioned.mutation('customer.create', { ...bare(ids[1]!), ...v1Fields }),
        ])
      ).body.results[0],
    ).toMatchObject({ status: 'applied' });
    expect(
      (await v2.push([v2.mutation('customer.create', { ...bare(ids[2]!), ...v2Fields })])).body
        .results[0],
    ).toMatchObject({ status: 'applied' });

    const reader = client(2);
    await reader.pull();
    const created = ids.map((id) => stored(reader.get('customers', id)));
    expect(created[0]).toMatchObject(v2Fields);
    expect(created[1]).toEqual(created[0]);
    expect(created[2]).toEqual(created[0]);

    // Updates: version 1 by alias (in changes and base), version 2 by name.
    const v1Update = await v1.push([
      v1.mutation('customer.update', {
        id: ids[0],
        baseVersion: null,
        changes: { companyName: 'Renamed Works', companyAddress2: null },
        base: { companyName: 'Alias Works', companyAddress2: 'Unit 4' },
      }),
    ]);
    expect(v1Update.body.results[0]).toMatchObject({ status: 'applied' });
    const v2Update = await v2.push([
      v2.mutation('customer.update', {
        id: ids[2],
        baseVersion: null,
        changes: { name: 'Renamed Works', address2: null },
        base: { name: 'Alias Works', address2: 'Unit 4' },
      }),
    ]);
    expect(v2Update.body.results[0]).toMatchObject({ status: 'applied' });
    await reader.pull();
    const updated = [ids[0]!, ids[2]!].map((id) => stored(reader.get('customers', id)));
    expect(updated[0]).toMatchObject({ name: 'Renamed Works', address2: null });
    expect(updated[1]).toEqual(updated[0]);
    // The merge compared the upcast base with the stored row: no conflict was recorded.
    expect([...reader.rows.keys()].filter((k) => k.startsWith('conflicts/'))).toEqual([]);
  });

  it('takes the spec names only at version 2: an alias is an unknown field', async () => {
    const v2 = client(2);
    const res = await v2.push([
      v2.mutation('customer.create', { ...bare(randomUUID()), ...v1Fields }),
    ]);
    expect(res.body.results[0]).toMatchObject({
      status: 'rejected',
      error: { statusCode: 400, message: 'Company name is required' },
    });
  });

  it('lets the spec name win when a version 1 client sent both spellings', async () => {
    const v1 = client(1);
    const id = randomUUID();
    await v1.push([
      v1.mutation('customer.create', {
        ...bare(id),
        ...v1Fields,
        name: 'Spec Name Wins',
      }),
    ]);
    const reader = client(2);
    await reader.pull();
    expect(reader.get('customers', id)).toMatchObject({
      name: 'Spec Name Wins',
      email: 'hello@alias.test',
    });
  });
});

describe('conflicts name the device', () => {
  it('names the device whose value was overwritten and the one that overwrote it, for one user on two devices', async () => {
    const tablet = client(PROTOCOL_VERSION);
    tablet.deviceName = "Anna's tablet";
    const laptop = client(PROTOCOL_VERSION);
    laptop.deviceName = "Anna's laptop";
    const args = customerArgs({ phoneNumber: '555-0100' });
    await tablet.push([tablet.mutation('customer.create', args)]);
    await tablet.pull();
    await laptop.pull();

    // Both edit the phone number from the same base; the laptop's change arrives last and wins.
    const edit = (c: TestClient, phoneNumber: string) =>
      c.push([
        c.mutation('customer.update', {
          id: args.id,
          baseVersion: c.get('customers', args.id)!.version,
          changes: { phoneNumber },
          base: { phoneNumber: '555-0100' },
        }),
      ]);
    expect((await edit(tablet, '555-0111')).body.results[0]!.status).toBe('applied');
    expect((await edit(laptop, '555-0122')).body.results[0]!.status).toBe('applied');

    await laptop.pull();
    const conflicts = [...laptop.rows.entries()]
      .filter(([key]) => key.startsWith('conflicts/'))
      .map(([, row]) => row)
      .filter((row) => row.entityId === args.id);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      field: 'phoneNumber',
      overwrittenValue: '555-0111',
      winningValue: '555-0122',
      overwrittenByUser: admin.userId,
      overwrittenByUserEmail: admin.email,
      overwrittenClientGroup: tablet.clientGroupId,
      overwrittenDeviceName: "Anna's tablet",
      overwrittenByClientGroup: laptop.clientGroupId,
      overwrittenByDeviceName: "Anna's laptop",
    });
  });

  it('leaves the losing device unknown when a REST write came in between', async () => {
    const tablet = client(PROTOCOL_VERSION);
    tablet.deviceName = 'Front desk';
    const other = client(PROTOCOL_VERSION);
    const args = customerArgs({ address: '1 Main St' });
    await tablet.push([
      tablet.mutation('customer.create', args),
      tablet.mutation('customer.update', {
        id: args.id,
        baseVersion: null,
        changes: { address: '2 Main St' },
        base: { address: '1 Main St' },
      }),
    ]);
    const rest = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${args.id}`,
      headers: bearer(admin.token),
      payload: { name: 'Globex', email: 'info@globex.test', address: '3 Main St' },
    });
    expect(rest.statusCode).toBe(200);
    await other.push([
      other.mutation('customer.update', {
        id: args.id,
        baseVersion: null,
        changes: { address: '4 Main St' },
        base: { address: '1 Main St' },
      }),
    ]);
    await other.pull();
    const conflict = [...other.rows.values()].find(
      (row) => row.entityId === args.id && row.field === 'address',
    );
    expect(conflict).toMatchObject({
      overwrittenValue: '3 Main St',
      overwrittenClientGroup: null,
      overwrittenDeviceName: null,
      overwrittenByClientGroup: other.clientGroupId,
    });
  });
});
