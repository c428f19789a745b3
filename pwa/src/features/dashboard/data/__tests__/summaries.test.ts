import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { PullResponse } from '@smb/shared-types/sync';
import { SmbDatabase } from '../../../../db/database';
import { getMeta } from '../../../../db/meta';
import {
  invoiceSummary,
  paymentSummary,
  quoteSummary,
  unpackSummaries,
} from '../../../../db/summaries';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { applyPullPage } from '../../../../sync/pull';
import { updateCustomer } from '../../../customers/data/customers';
import { setInvoiceStatus } from '../../../invoices/data/invoices';
import { deletePayment, recordPayment } from '../../../invoices/data/payments';
import { deleteQuote, sendQuote, setQuoteStatus } from '../../../quotes/data/quotes';
import { computeDashboard } from '../metrics';
import { loadDashboard, type DashboardData } from '../useDashboard';
import { NOW, fixture, quote } from './dashboard-fixture';

/**
 * Issue 20: the dashboard reads the stored summaries, never the documents. After every kind of
 * write — a pull page, local mutations, direct table writes, concurrent writes in one
 * transaction, an aborted transaction, a clear — the summaries are exactly the rows' summaries and
 * the figures read from them are exactly the figures computed over the whole rows.
 */
const opened: SmbDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const byId = <T extends { id: string }>(rows: T[]) =>
  [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

async function expectInStep(db: SmbDatabase) {
  const [quotes, invoices, payments, currencies] = await Promise.all([
    db.quotes.toArray(),
    db.invoices.toArray(),
    db.payments.toArray(),
    db.currencies.toArray(),
  ]);
  const stored = unpackSummaries(await db.summaries.toArray());
  expect(byId(stored.quotes)).toEqual(byId(quotes.map(quoteSummary)));
  expect(byId(stored.invoices)).toEqual(byId(invoices.map(invoiceSummary)));
  expect(byId(stored.payments)).toEqual(byId(payments.map(paymentSummary)));
  const { metrics } = await loadDashboard(db, NOW);
  expect(metrics).toEqual(computeDashboard({ quotes, invoices, payments, currencies, now: NOW }));
  return { quotes, invoices, payments };
}

function page(ops: PullResponse['patch'], cursor: string): PullResponse {
  return {
    cursor,
    hasMore: false,
    clear: false,
    lastMutationIds: {},
    patch: ops,
    rejections: [],
    remaining: 0,
    tenant: {
      id: 't1',
      naturalName: 'Acme',
      schemaName: 'tenant_t1',
      createdAt: '2026-01-01T00:00:00.000Z',
    } as PullResponse['tenant'],
  };
}

describe('the dashboard summaries', () => {
  it('follow pull pages, local mutations and direct writes, and give the same figures as the rows', async () => {
    const db = newClientDb();
    opened.push(db);
    const data = fixture(7, 150);
    const put = <T extends { id: string }>(
      entity: 'quotes' | 'invoices' | 'payments' | 'currencies',
      rows: T[],
    ): PullResponse['patch'] =>
      rows.map((value) => ({
        op: 'put' as const,
        entity,
        id: value.id,
        value: { ...value } as Record<string, unknown>,
      }));

    // A pull page brings everything.
    await applyPullPage(
      db,
      'client-1',
      page(
        [
          ...put('currencies', data.currencies),
          ...put('quotes', data.quotes),
          ...put('invoices', data.invoices),
          ...put('payments', data.payments),
        ],
        'c1',
      ),
    );
    let rows = await expectInStep(db);
    expect(rows.quotes).toHaveLength(150);
    expect(rows.payments.length).toBeGreaterThan(0);

    // Local mutations (through the outbox).
    const draft = data.quotes.find((q) => q.status === 'Draft')!;
    const another = data.quotes.filter((q) => q.status === 'Draft')[1]!;
    await sendQuote(draft.id, db, '2026-12-31');
    await setQuoteStatus(another.id, 'Accepted', db);
    await deleteQuote(data.quotes[0]!.id, db);
    const unpaid = data.invoices.find((i) => i.status === 'Unpaid' && i.total > 20)!;
    const paymentId = await recordPayment(
      unpaid.id,
      { amount: 10.05, paidOn: '2026-11-20', method: 'card' },
      db,
    );
    await setInvoiceStatus(data.invoices.find((i) => i.status === 'Paid')!.id, 'Cancelled', db);
    expect(await db.outbox.count()).toBe(5);
    rows = await expectInStep(db);
    expect(rows.payments.some((p) => p.id === paymentId)).toBe(true);
    await deletePayment({ id: paymentId, invoiceId: unpaid.id }, db);
    await expectInStep(db);

    // A later pull page: changes and deletions from the server, with the local changes replayed.
    await applyPullPage(
      db,
      (await getMeta(db, 'clientId'))!,
      page(
        [
          ...put('quotes', [{ ...data.quotes[5]!, status: 'Rejected', total: 12.34 }]),
          { op: 'del', entity: 'invoices', id: data.invoices[3]!.id },
          { op: 'del', entity: 'payments', id: data.payments[0]!.id },
        ],
        'c2',
      ),
    );
    await expectInStep(db);

    // Direct writes: update, bulk delete, a where-delete, concurrent puts in one transaction.
    await db.quotes.update(data.quotes[9]!.id, { total: 999.99, currencyCode: 'GBP' });
    await db.invoices.bulkDelete(data.invoices.slice(10, 20).map((i) => i.id));
    await db.quotes.where('status').equals('Converted').delete();
    await db.transaction('rw', db.quotes, () =>
      Promise.all(
        Array.from({ length: 40 }, (_, k) =>
          db.quotes.put(quote(`extra-${k}`, { status: 'Sent', total: k + 0.01 })),
        ),
      ),
    );
    rows = await expectInStep(db);
    expect(rows.quotes.filter((q) => q.id.startsWith('extra-'))).toHaveLength(40);

    // An aborted transaction changes neither the rows nor the summaries.
    const before = await db.summaries.toArray();
    await expect(
      db.transaction('rw', db.quotes, db.invoices, async () => {
        await db.quotes.put(quote('never', { status: 'Draft', total: 5 }));
        await db.invoices.clear();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.summaries.toArray()).toEqual(before);
    await expectInStep(db);

    // A clear (a pull past the tombstone horizon) empties them.
    await db.transaction('rw', db.allTables, async () => {
      await db.invoices.clear();
      await db.payments.clear();
    });
    rows = await expectInStep(db);
    expect(rows.invoices).toEqual([]);
    expect(unpackSummaries(await db.summaries.toArray()).invoices).toEqual([]);
  });

  it('are rebuilt on open when a store has rows but no summaries (rows written around Dexie)', async () => {
    const db = newClientDb();
    opened.push(db);
    const data = fixture(3, 80);
    await db.currencies.bulkPut(data.currencies);
    await db.quotes.bulkPut(data.quotes);
    await db.invoices.bulkPut(data.invoices);
    await db.payments.bulkPut(data.payments);
    await db.summaries.clear();
    db.close();

    const reopened = new SmbDatabase(db.name);
    opened.push(reopened);
    await reopened.open();
    expect(await reopened.summaries.count()).toBeGreaterThan(0);
    const rows = await expectInStep(reopened);
    expect(rows.quotes).toHaveLength(80);
  });

  it('are not computed again by a customer edit once there are documents; a new tenant is told by its customers', async () => {
    const db = newClientDb();
    opened.push(db);
    const customer = {
      id: 'c1',
      name: 'Acme Corp',
      email: 'acme@example.com',
      phoneNumber: null,
      address: null,
      address2: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      version: '1',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const seen: DashboardData[] = [];
    const live = liveQuery(() => loadDashboard(db, NOW)).subscribe({ next: (d) => seen.push(d) });
    const settled = async (n: number) => {
      await expect.poll(() => seen.length).toBe(n);
      await new Promise((r) => setTimeout(r, 100)); // nothing more comes
      expect(seen).toHaveLength(n);
    };
    try {
      await settled(1);
      expect(seen.at(-1)!.empty).toBe(true);
      // No document yet: the customer tells that the tenant has started.
      await db.customers.put(customer);
      await settled(2);
      expect(seen.at(-1)!.empty).toBe(false);
      // With a document, a customer edit leaves the figures alone…
      const data = fixture(5, 10);
      await db.transaction('rw', db.allTables, async () => {
        await db.currencies.bulkPut(data.currencies);
        await db.quotes.bulkPut(data.quotes);
      });
      const withQuotes = 3;
      await settled(withQuotes);
      await updateCustomer('c1', { phoneNumber: '+1 555 0100' }, db);
      await updateCustomer('c1', { phoneNumber: '+1 555 0101' }, db);
      expect((await db.customers.get('c1'))!.phoneNumber).toBe('+1 555 0101');
      await settled(withQuotes);
      // …and a document's change is counted at once.
      await sendQuote(data.quotes.find((q) => q.status === 'Draft')!.id, db);
      await settled(withQuotes + 1);
    } finally {
      live.unsubscribe();
    }
  });
});
