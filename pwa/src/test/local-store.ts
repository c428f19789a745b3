import { act } from '@testing-library/react';
import { setCurrentDatabase } from '../db/current';
import type { SmbDatabase } from '../db/database';
import type { ContactRow, CustomerRow } from '../db/types';
import { newClientDb } from '../sync/__tests__/helpers';

/** A fresh fake-indexeddb database made current, as after login. */
export function useTestDatabase(): SmbDatabase {
  const db = newClientDb();
  setCurrentDatabase(db);
  return db;
}

export function closeTestDatabase(db: SmbDatabase): void {
  setCurrentDatabase(null);
  db.close();
}

/** A customer as a pull would store it (synced: no pending change). */
export function syncedCustomer(n: number, over: Partial<CustomerRow> = {}): CustomerRow {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    name: `Customer ${String(n).padStart(3, '0')}`,
    email: `c${n}@example.test`,
    phoneNumber: `+1 555 01${String(n).padStart(2, '0')}`,
    address: `${n} Main Street`,
    address2: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    version: '1',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** Node's setImmediate (the pwa types are the browser's). */
const nextMacrotask = (fn: () => void) =>
  (globalThis as unknown as { setImmediate: (fn: () => void) => void }).setImmediate(fn);

/**
 * `waitFor` for tests with fake `setTimeout`: Testing Library's own waiting needs a real
 * `setTimeout`, IndexedDB (fake-indexeddb) only needs `setImmediate`, which stays real.
 */
export async function eventually(assertion: () => unknown, rounds = 500): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (i >= rounds) throw error;
      await act(() => new Promise<void>((resolve) => nextMacrotask(resolve)));
    }
  }
}

/** A contact as a pull would store it. */
export function syncedContact(
  n: number,
  customerId: string,
  over: Partial<ContactRow> = {},
): ContactRow {
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    customerId,
    name: `Contact ${String(n).padStart(3, '0')}`,
    email: `p${n}@example.test`,
    phoneNumber: null,
    role: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    version: '1',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}
