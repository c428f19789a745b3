import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@smb/shared-types/payments';
import { todayIn } from '@smb/shared-types/recurrence';
import type { SmbDatabase } from '../../../../db/database';
import { mutate } from '../../../../sync/mutate';
import { closeTestDatabase, syncedCustomer, useTestDatabase } from '../../../../test/local-store';
import { useRecurringOutlook } from '../outlook';

let db: SmbDatabase;
beforeEach(() => {
  db = useTestDatabase();
});
afterEach(() => closeTestDatabase(db));

const C = 'c0000000-0000-4000-8000-000000000001';

/**
 * A profile made on this device: 2 × 100.00 every `every` weeks from `startDate`, taxed at the
 * rate a line without a tax rate gets in a currency the device has no record of (10 %).
 */
async function profile(id: string, startDate: string, every: number, currencyCode = 'EUR') {
  await mutate(db, 'recurringProfile.create', {
    id,
    customerId: C,
    contactId: 'd0000000-0000-4000-8000-000000000001',
    currencyCode,
    items: [
      {
        id: `${id.slice(0, -1)}9`,
        productId: null,
        quantity: 2,
        description: 'Cleaning {MONTH}',
        unitPrice: 100,
      },
    ],
    startDate,
    frequency: { unit: 'week', every },
  });
}

describe('useRecurringOutlook (the dashboard card)', () => {
  it('is null while the company has no recurring profile', async () => {
    const { result } = renderHook(() => useRecurringOutlook());
    await waitFor(() => expect(result.current).toBeNull());
  });

  it('gives the net monthly revenue per currency and the invoices of the next seven days, from profiles made offline', async () => {
    await db.customers.put(syncedCustomer(1, { id: C, name: 'Nordwind BV' }));
    const today = todayIn('UTC', new Date());
    await profile('a0000000-0000-4000-8000-000000000001', today, 2);
    await profile('a0000000-0000-4000-8000-000000000002', addDays(today, 10), 1, 'USD');
    const { result } = renderHook(() => useRecurringOutlook());
    await waitFor(() => expect(result.current?.monthly).toHaveLength(2));
    // 200.00 net every 2 weeks: 200 × 52 / 12 / 2; weekly 200 × 52 / 12.
    expect(result.current!.monthly).toEqual([
      { currencyCode: 'EUR', amount: '433.33' },
      { currencyCode: 'USD', amount: '866.67' },
    ]);
    // Only the first starts within seven days; its invoice carries the tax (220.00).
    expect(result.current!.upcoming).toEqual([
      {
        date: today,
        profileId: 'a0000000-0000-4000-8000-000000000001',
        customerName: 'Nordwind BV',
        amount: '220.00',
        currencyCode: 'EUR',
      },
    ]);
  });
});
