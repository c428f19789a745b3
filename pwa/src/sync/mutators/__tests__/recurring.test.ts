import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_COMPANY_DETAILS } from '@smb/shared-types/company';
import { storedNextDate, storedNextDates } from '@smb/shared-types/recurring-stored';
import type { SmbDatabase } from '../../../db/database';
import { setMeta } from '../../../db/meta';
import { syncedCustomer } from '../../../test/local-store';
import { newClientDb } from '../../__tests__/helpers';
import { mutate } from '../../mutate';
import { queueUpdate } from '../../update-args';

/**
 * Issue 36: a recurring profile written offline shows on the device at once — its lines priced,
 * its next dates computed with the server's rules — and each control queues its mutation.
 */
const opened: SmbDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const P = 'a0000000-0000-4000-8000-000000000001';
const C = 'c0000000-0000-4000-8000-000000000001';
const line = (n: number, unitPrice: number, description = `Line ${n}`) => ({
  id: `b0000000-0000-4000-8000-00000000000${n}`,
  productId: null,
  quantity: 2,
  description,
  unitPrice,
});

async function withProfile(over: Record<string, unknown> = {}) {
  const db = newClientDb();
  opened.push(db);
  await db.customers.put(syncedCustomer(1, { id: C }));
  await mutate(db, 'recurringProfile.create', {
    id: P,
    customerId: C,
    contactId: 'd0000000-0000-4000-8000-000000000001',
    currencyCode: 'USD',
    items: [line(1, 100, 'Care {MONTH} {YEAR}')],
    startDate: '2027-01-31',
    frequency: { unit: 'month', every: 1 },
    anchorDay: 'last',
    ...over,
  });
  return db;
}

const names = async (db: SmbDatabase) => (await db.outbox.toArray()).map((e) => e.name);

describe('recurring profiles on the device', () => {
  it('creates a profile offline with its lines and its next five dates', async () => {
    const db = await withProfile({ end: { kind: 'after', count: 3 } });
    const row = (await db.recurring_profiles.get(P))!;
    expect(row).toMatchObject({
      status: 'active',
      frequencyUnit: 'month',
      anchorDay: 'last',
      endKind: 'after',
      endCount: 3,
      version: null,
    });
    expect(row.items).toMatchObject([
      { description: 'Care {MONTH} {YEAR}', quantity: 2, unitPrice: 100, oneOff: false },
    ]);
    expect(storedNextDate(row)).toBe('2027-01-31');
    expect(storedNextDates(row)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(await names(db)).toEqual(['recurringProfile.create']);
  });

  it('pauses, resumes, skips and sets the extras at once', async () => {
    const db = await withProfile();
    await mutate(db, 'recurringProfile.pause', { id: P });
    expect((await db.recurring_profiles.get(P))!.status).toBe('paused');
    await mutate(db, 'recurringProfile.resume', { id: P });
    expect((await db.recurring_profiles.get(P))!.status).toBe('active');
    await mutate(db, 'recurringProfile.skipNext', { id: P });
    expect((await db.recurring_profiles.get(P))!.skipNext).toBe(true);
    await mutate(db, 'recurringProfile.setExtras', { id: P, extraItems: [line(2, 50, 'Setup')] });
    const row = (await db.recurring_profiles.get(P))!;
    expect(row.items.map((l) => [l.description, l.oneOff, l.lineTotal])).toEqual([
      ['Care {MONTH} {YEAR}', false, 200],
      ['Setup', true, 100],
    ]);
    expect(await names(db)).toEqual([
      'recurringProfile.create',
      'recurringProfile.pause',
      'recurringProfile.resume',
      'recurringProfile.skipNext',
      'recurringProfile.setExtras',
    ]);
  });

  it('an edited schedule counts its dates from the next period; the extras stay', async () => {
    const db = await withProfile();
    await mutate(db, 'recurringProfile.setExtras', { id: P, extraItems: [line(2, 50, 'Setup')] });
    await queueUpdate(
      db,
      'recurringProfile.update',
      'recurring_profiles',
      P,
      { frequencyEvery: 3, endKind: 'on', endDate: '2027-12-31', notes: 'Quarterly' },
      'Recurring profile not found',
    );
    const row = (await db.recurring_profiles.get(P))!;
    expect(row).toMatchObject({ frequencyEvery: 3, endKind: 'on', endDate: '2027-12-31' });
    expect(storedNextDates(row)).toEqual(['2027-01-31', '2027-04-30', '2027-07-31', '2027-10-31']);
    expect(row.items.map((l) => l.oneOff)).toEqual([false, true]);
    const update = (await db.outbox.toArray()).at(-1)!;
    expect(update.args).toMatchObject({
      changes: { frequencyEvery: 3, endKind: 'on', endDate: '2027-12-31', notes: 'Quarterly' },
    });
  });

  it('deletes the profile; the invoices it made stay without the link', async () => {
    const db = await withProfile();
    const invoiceId = 'e0000000-0000-4000-8000-000000000001';
    await db.invoices.put({
      id: invoiceId,
      recurringProfileId: P,
    } as unknown as Parameters<typeof db.invoices.put>[0]);
    await mutate(db, 'recurringProfile.delete', { id: P });
    expect(await db.recurring_profiles.get(P)).toBeUndefined();
    expect((await db.invoices.get(invoiceId))!.recurringProfileId).toBeNull();
  });

  it("resumes from the company's today in its time zone, not the UTC day", async () => {
    // Weekly on Wednesdays from 24 March 2027: 24 Mar, 31 Mar, 7 Apr.
    const weekly = {
      startDate: '2027-03-24',
      frequency: { unit: 'week', every: 1 },
      anchorDay: null,
    };
    const resumedAt = async (timeZone: string | null) => {
      const db = await withProfile(weekly);
      await setMeta(db, 'tenant', {
        id: 'tenant-1',
        naturalName: 'Kiwi Ltd',
        schemaName: 'kiwi_x1',
        createdAt: '2027-01-01T00:00:00.000Z',
        company: { ...EMPTY_COMPANY_DETAILS, timeZone },
      });
      await mutate(db, 'recurringProfile.pause', { id: P });
      // 11:30 UTC on Wednesday 31 March is 00:30 on Thursday 1 April in Auckland.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-03-31T11:30:00Z') });
      try {
        await mutate(db, 'recurringProfile.resume', { id: P });
      } finally {
        vi.useRealTimers();
      }
      return storedNextDate((await db.recurring_profiles.get(P))!);
    };
    // Auckland's 31 March has passed: the next invoice is the one of 7 April.
    expect(await resumedAt('Pacific/Auckland')).toBe('2027-04-07');
    // In UTC it is still 31 March: that day's invoice is still to come.
    expect(await resumedAt('UTC')).toBe('2027-03-31');
  });
});
