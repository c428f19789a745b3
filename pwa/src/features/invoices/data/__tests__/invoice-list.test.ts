import { describe, expect, it } from 'vitest';
import { invoiceRow } from '../../screens/__tests__/fixtures';
import { invoiceOverdueDays, matchesInvoiceFilter, sortInvoices } from '../invoice-list';

const ON = '2026-11-24';

describe('the invoices list rules', () => {
  it('counts the days past the due date only while a balance is left and the invoice is not cancelled', () => {
    const due = (overrides: Parameters<typeof invoiceRow>[0]) =>
      invoiceOverdueDays(invoiceRow({ total: 100, amountPaid: 0, ...overrides }), ON);
    expect(due({ dueDate: '2026-11-12' })).toBe(12);
    expect(due({ dueDate: '2026-11-23' })).toBe(1);
    expect(due({ dueDate: ON })).toBe(0); // due today: not yet overdue
    expect(due({ dueDate: '2026-12-01' })).toBe(0);
    expect(due({ dueDate: null })).toBe(0);
    expect(due({ dueDate: '2026-11-12', status: 'Partially paid', amountPaid: 99.99 })).toBe(12);
    expect(due({ dueDate: '2026-11-12', status: 'Paid', amountPaid: 100 })).toBe(0);
    expect(due({ dueDate: '2026-11-12', status: 'Cancelled' })).toBe(0);
  });

  it('filters by a stored status or by Overdue', () => {
    const late = invoiceRow({
      status: 'Partially paid',
      total: 50,
      amountPaid: 20,
      dueDate: '2026-11-01',
    });
    const current = invoiceRow({
      status: 'Unpaid',
      total: 50,
      amountPaid: 0,
      dueDate: '2026-12-01',
    });
    const paid = invoiceRow({ status: 'Paid', total: 50, amountPaid: 50, dueDate: '2026-11-01' });
    const all = [late, current, paid];
    const pick = (filter: Parameters<typeof matchesInvoiceFilter>[1]) =>
      all.filter((i) => matchesInvoiceFilter(i, filter, ON)).map((i) => i.id);
    expect(pick(null)).toEqual([late.id, current.id, paid.id]);
    expect(pick('Overdue')).toEqual([late.id]);
    expect(pick('Partially paid')).toEqual([late.id]);
    expect(pick('Unpaid')).toEqual([current.id]);
    expect(pick('Paid')).toEqual([paid.id]);
    const cancelled = invoiceRow({ status: 'Cancelled', total: 50, amountPaid: 0 });
    all.push(cancelled);
    // Outstanding (the dashboard's card): a balance left, not cancelled.
    expect(pick('Outstanding')).toEqual([late.id, current.id]);
  });

  it('sorts by due date, soonest first, undated last and ties by id; newest first keeps the stored order', () => {
    const rows = [
      { invoice: invoiceRow({ id: 'c', dueDate: '2026-12-10' }) },
      { invoice: invoiceRow({ id: 'x', dueDate: null }) },
      { invoice: invoiceRow({ id: 'b', dueDate: '2026-11-02' }) },
      { invoice: invoiceRow({ id: 'a', dueDate: '2026-12-10' }) },
    ];
    expect(sortInvoices(rows, 'dueDate').map((r) => r.invoice.id)).toEqual(['b', 'a', 'c', 'x']);
    expect(sortInvoices(rows, 'createdAt').map((r) => r.invoice.id)).toEqual(['c', 'x', 'b', 'a']);
  });
});
