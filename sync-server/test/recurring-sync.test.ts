/**
 * Recurring profiles in sync: each mutation a device queues (create, update, pause, resume, skip
 * the next period, invoice now, the next invoice's extras, delete) does what its route does; the
 * row pulls with its lines and schedule, a deletion as a tombstone; an edit of a field another
 * device changed meanwhile is kept as a conflict; another company's profile answers 404.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storedNextDate, storedNextDates, type StoredSchedule } from '@smb/shared-types';
import { clock } from '../src/clock';
import { makeCurrency, makeProduct, makeRecipient } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';
import { TestClient } from './sync-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => clock.reset());
afterAll(async () => {
  await t?.close();
});

async function pushOne(
  device: TestClient,
  name: Parameters<TestClient['mutation']>[0],
  args: object,
) {
  const res = await device.push([device.mutation(name, args as Record<string, unknown>)]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [result] = res.body.results;
  return { status: result!.status, statusCode: result!.error?.statusCode ?? null };
}

const applied = { status: 'applied', statusCode: null };

async function company(name: string) {
  const admin = await registerTenant(t, name);
  const recipient = await makeRecipient(t, admin.tenantId, {
    customer: { name: `${name} client` },
  });
  const product = await makeProduct(t, admin.tenantId, { price: '100.00' });
  const device = new TestClient(t, admin.token);
  await device.pull();
  return { admin, recipient, product, device };
}

type Company = Awaited<ReturnType<typeof company>>;

function createArgs(c: Company, id = randomUUID()) {
  return {
    id,
    customerId: c.recipient.customer.id,
    contactId: c.recipient.contact.id,
    items: [
      { id: randomUUID(), productId: c.product.id, quantity: 2, description: 'Care {MONTH}' },
    ],
    startDate: '2027-01-31',
    frequency: { unit: 'month', every: 1 },
    anchorDay: 'last',
  };
}

async function pulled(device: TestClient, id: string) {
  await device.pull();
  return device.get('recurring_profiles', id) as
    | (StoredSchedule & Record<string, unknown> & { items: Array<Record<string, unknown>> })
    | undefined;
}

describe('recurring profiles in sync', () => {
  it('pushes every control and pulls the profile as it then is', async () => {
    clock.advance(new Date('2027-01-10T09:00:00Z').getTime() - Date.now());
    const c = await company('Recurring Sync Ltd');
    const id = randomUUID();
    expect(await pushOne(c.device, 'recurringProfile.create', createArgs(c, id))).toEqual(applied);
    const row = await pulled(c.device, id);
    expect(row).toMatchObject({
      customerId: c.recipient.customer.id,
      startDate: '2027-01-31',
      frequencyUnit: 'month',
      frequencyEvery: 1,
      anchorDay: 'last',
      endKind: 'never',
      status: 'active',
      skipNext: false,
      nextIndex: 0,
      scheduleBase: 0,
    });
    expect(row!.items).toMatchObject([
      { quantity: 2, unitPrice: 100, oneOff: false, description: 'Care {MONTH}' },
    ]);
    // The device computes the dates from the row with the server's rules.
    expect(storedNextDate(row!)).toBe('2027-01-31');
    expect(storedNextDates(row!, 3)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);

    const base = { notes: row!.notes, frequencyEvery: 1, mode: 'draft' };
    expect(
      await pushOne(c.device, 'recurringProfile.update', {
        id,
        baseVersion: row!.version,
        changes: { notes: 'Thank you', frequencyEvery: 3, mode: 'issue-and-mail' },
        base,
      }),
    ).toEqual(applied);
    expect(await pulled(c.device, id)).toMatchObject({
      notes: 'Thank you',
      frequencyEvery: 3,
      mode: 'issue-and-mail',
    });

    expect(await pushOne(c.device, 'recurringProfile.pause', { id })).toEqual(applied);
    expect(await pulled(c.device, id)).toMatchObject({ status: 'paused' });
    expect(await pushOne(c.device, 'recurringProfile.resume', { id })).toEqual(applied);
    expect(await pulled(c.device, id)).toMatchObject({ status: 'active', nextIndex: 0 });
    expect(await pushOne(c.device, 'recurringProfile.skipNext', { id })).toEqual(applied);
    expect(await pulled(c.device, id)).toMatchObject({ skipNext: true });
    expect(await pushOne(c.device, 'recurringProfile.skipNext', { id, skip: false })).toEqual(
      applied,
    );
    expect(await pulled(c.device, id)).toMatchObject({ skipNext: false });

    expect(
      await pushOne(c.device, 'recurringProfile.setExtras', {
        id,
        extraItems: [{ id: randomUUID(), description: 'Setup', quantity: 1, unitPrice: 50 }],
      }),
    ).toEqual(applied);
    const withExtras = await pulled(c.device, id);
    expect(withExtras!.items.map((l) => [l.description, l.oneOff])).toEqual([
      ['Care {MONTH}', false],
      ['Setup', true],
    ]);

    expect(await pushOne(c.device, 'recurringProfile.invoiceNow', { id })).toEqual(applied);
    await c.device.pull();
    const invoices = [...c.device.rows.entries()]
      .filter(([key]) => key.startsWith('invoices/'))
      .map(([, value]) => value);
    expect(invoices).toMatchObject([{ recurringProfileId: id, total: expect.any(Number) }]);
    // The extras went on that invoice and left the profile.
    expect(c.device.get('recurring_profiles', id)!.items).toMatchObject([{ oneOff: false }]);

    expect(await pushOne(c.device, 'recurringProfile.delete', { id })).toEqual(applied);
    expect(await pulled(c.device, id)).toBeUndefined();
    // The invoice it made stays, without its link.
    expect(c.device.get('invoices', String(invoices[0]!.id))).toMatchObject({
      recurringProfileId: null,
    });
  });

  it('keeps a field another device changed meanwhile as a conflict', async () => {
    const c = await company('Recurring Conflict Ltd');
    const id = randomUUID();
    await pushOne(c.device, 'recurringProfile.create', createArgs(c, id));
    const laptop = new TestClient(t, c.admin.token);
    const row = (await pulled(c.device, id))!;
    await laptop.pull();
    const edit = (notes: string) => ({
      id,
      baseVersion: row.version,
      changes: { notes },
      base: { notes: row.notes },
    });
    expect(await pushOne(c.device, 'recurringProfile.update', edit('From the phone'))).toEqual(
      applied,
    );
    expect(await pushOne(laptop, 'recurringProfile.update', edit('From the laptop'))).toEqual(
      applied,
    );
    await laptop.pull();
    expect(laptop.get('recurring_profiles', id)).toMatchObject({ notes: 'From the laptop' });
    const conflicts = [...laptop.rows.entries()]
      .filter(([key]) => key.startsWith('conflicts/'))
      .map(([, value]) => value);
    expect(conflicts).toMatchObject([
      {
        entity: 'recurring_profiles',
        entityId: id,
        field: 'notes',
        overwrittenValue: 'From the phone',
        winningValue: 'From the laptop',
      },
    ]);
  });

  it("rejects another company's profile as not found, and a wrong schedule as a bad request", async () => {
    const a = await company('Recurring Owner Ltd');
    const b = await company('Recurring Stranger Ltd');
    const id = randomUUID();
    await pushOne(a.device, 'recurringProfile.create', createArgs(a, id));
    const notFound = { status: 'rejected', statusCode: 404 };
    for (const [name, args] of [
      ['recurringProfile.pause', { id }],
      ['recurringProfile.resume', { id }],
      ['recurringProfile.skipNext', { id }],
      ['recurringProfile.invoiceNow', { id }],
      ['recurringProfile.setExtras', { id, extraItems: [] }],
      ['recurringProfile.delete', { id }],
      [
        'recurringProfile.update',
        { id, baseVersion: null, changes: { notes: 'Mine now' }, base: {} },
      ],
    ] as const)
      expect(await pushOne(b.device, name, args), name).toEqual(notFound);
    expect(await pulled(a.device, id)).toMatchObject({ status: 'active', notes: '' });

    const weekly = { ...createArgs(a), frequency: { unit: 'week', every: 1 } };
    expect(await pushOne(a.device, 'recurringProfile.create', weekly)).toEqual({
      status: 'rejected',
      statusCode: 400,
    });
  });

  it('keeps a currency other than the default from the device to the invoices it makes', async () => {
    const c = await company('Recurring Currency Ltd');
    await makeCurrency(t, c.admin.tenantId, { code: 'EUR', symbol: '€', taxRate: '20' });
    await makeCurrency(t, c.admin.tenantId, { code: 'GBP', symbol: '£', taxRate: '20' });
    const id = randomUUID();
    const create = { ...createArgs(c, id), currencyCode: 'EUR' };
    expect(await pushOne(c.device, 'recurringProfile.create', create)).toEqual(applied);
    const row = (await pulled(c.device, id))!;
    expect(row).toMatchObject({ currencyCode: 'EUR' });
    // The editor's currency card changes it offline; it reaches the server as an update.
    const changed = await pushOne(c.device, 'recurringProfile.update', {
      id,
      baseVersion: row.version,
      changes: { currencyCode: 'GBP' },
      base: { currencyCode: 'EUR' },
    });
    expect(changed).toEqual(applied);
    expect(await pulled(c.device, id)).toMatchObject({ currencyCode: 'GBP' });
    expect(await pushOne(c.device, 'recurringProfile.invoiceNow', { id })).toEqual(applied);
    await c.device.pull();
    const invoices = [...c.device.rows.entries()]
      .filter(([key]) => key.startsWith('invoices/'))
      .map(([, value]) => value);
    expect(invoices).toMatchObject([{ recurringProfileId: id, currencyCode: 'GBP' }]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/recurring-profiles/${id}`,
      headers: bearer(c.admin.token),
    });
    expect(res.json()).toMatchObject({ currencyCode: 'GBP' });
  });
});
