import { describe, expect, it } from 'vitest';
import {
  monthlyRecurringRevenue,
  upcomingInvoices,
  type OutlookProfile,
} from './recurring-outlook';

const line = (unitPrice: number, taxRate = 19, quantity = 1): OutlookProfile['items'][number] => ({
  quantity,
  unitPrice,
  taxCategory: 'S',
  taxRate,
  discountKind: null,
  discountValue: null,
});

let n = 0;
function profile(over: Partial<OutlookProfile> = {}): OutlookProfile {
  n += 1;
  return {
    id: `p${n}`,
    customer: { name: `Customer ${n}` },
    currencyCode: 'EUR',
    items: [line(100)],
    extraItems: [],
    pricesIncludeTax: false,
    startDate: '2027-01-01',
    frequency: { unit: 'month', every: 1 },
    anchorDay: null,
    end: { kind: 'never', count: null, date: null },
    status: 'active',
    skipNext: false,
    nextIndex: 2,
    nextDate: '2027-03-01',
    ...over,
  };
}

const TODAY = '2027-02-25';

describe('monthlyRecurringRevenue', () => {
  it('normalises each frequency to a month, net of tax, per currency, summed exactly', () => {
    const weekly = { unit: 'week', every: 1 } as const;
    const mrr = monthlyRecurringRevenue(
      [
        profile(), // 100.00 a month
        // 10.00 a week twice: 43.333… each, 86.67 together (rounding each would give 86.66).
        profile({ items: [line(10)], frequency: weekly, nextDate: '2027-02-26' }),
        profile({ items: [line(10)], frequency: weekly, nextDate: '2027-02-26' }),
        profile({ items: [line(30)], frequency: { unit: 'month', every: 3 } }), // quarterly: 10
        // Prices with tax: 119.00 at 19 % is 100.00 net.
        profile({ items: [line(119)], pricesIncludeTax: true }),
        // A one-off line is no recurring revenue.
        profile({ items: [line(5)], extraItems: [line(1000)] }),
        profile({
          currencyCode: 'USD',
          items: [line(1200)],
          frequency: { unit: 'year', every: 1 },
        }),
        profile({ currencyCode: 'USD', items: [line(50)], frequency: { unit: 'month', every: 2 } }),
        profile({ currencyCode: 'USD', items: [line(12)], frequency: { unit: 'week', every: 2 } }),
        // Not counted: paused, ended, past its end date.
        profile({ items: [line(1000)], status: 'paused' }),
        profile({ items: [line(1000)], nextDate: null }),
        profile({
          items: [line(1000)],
          end: { kind: 'on', date: '2027-02-20', count: null },
          nextDate: '2027-02-01',
          nextIndex: 1,
        }),
      ],
      TODAY,
    );
    expect(mrr).toEqual([
      { currencyCode: 'EUR', amount: '301.67' },
      { currencyCode: 'USD', amount: '151.00' },
    ]);
  });

  it('is empty without running profiles', () => {
    expect(monthlyRecurringRevenue([profile({ status: 'paused' })], TODAY)).toEqual([]);
  });
});

describe('upcomingInvoices', () => {
  it('lists the next seven days in date order, with the one-off lines on the next invoice', () => {
    const list = upcomingInvoices(
      [
        // Monthly on the last day: Feb 28, with a one-off line on it.
        profile({
          customer: { name: 'Zeta' },
          startDate: '2027-01-31',
          anchorDay: 'last',
          nextIndex: 1,
          nextDate: '2027-02-28',
          extraItems: [line(50)],
        }),
        // Weekly from Friday Feb 19: Feb 26 (Mar 5 is past the seven days).
        profile({
          customer: { name: 'Alpha' },
          items: [line(10)],
          startDate: '2027-02-19',
          frequency: { unit: 'week', every: 1 },
          nextIndex: 1,
          nextDate: '2027-02-26',
        }),
        // Edited after five invoices: its schedule starts again on Mar 1, one invoice left.
        profile({
          customer: { name: 'Beta' },
          startDate: '2027-03-01',
          nextIndex: 5,
          nextDate: '2027-03-01',
          end: { kind: 'after', count: 6, date: null },
          currencyCode: 'USD',
          items: [line(200, 0)],
        }),
        // Same day as Beta: by customer name.
        profile({ customer: { name: 'Alpha' }, nextDate: '2027-03-01' }),
        // Outside: the skipped next period, paused, after the week.
        profile({ nextDate: '2027-02-27', startDate: '2027-01-27', skipNext: true }),
        profile({ status: 'paused' }),
        profile({ nextDate: '2027-03-04', startDate: '2027-01-04' }),
      ],
      TODAY,
    );
    expect(list.map((i) => [i.date, i.customerName, i.amount, i.currencyCode])).toEqual([
      ['2027-02-26', 'Alpha', '11.90', 'EUR'],
      ['2027-02-28', 'Zeta', '178.50', 'EUR'],
      ['2027-03-01', 'Alpha', '119.00', 'EUR'],
      ['2027-03-01', 'Beta', '200.00', 'USD'],
    ]);
  });

  it('stops at the schedule’s end and lists each date within a longer window', () => {
    const weekly = profile({
      items: [line(10, 0)],
      startDate: '2027-02-19',
      frequency: { unit: 'week', every: 1 },
      nextIndex: 1,
      nextDate: '2027-02-26',
    });
    const dates = (p: OutlookProfile) => upcomingInvoices([p], TODAY, 15).map((i) => i.date);
    expect(dates(weekly)).toEqual(['2027-02-26', '2027-03-05']);
    expect(dates({ ...weekly, end: { kind: 'on', date: '2027-03-04', count: null } })).toEqual([
      '2027-02-26',
    ]);
    expect(dates({ ...weekly, end: { kind: 'after', count: 2, date: null } })).toEqual([
      '2027-02-26',
    ]);
    // Skipping the next one leaves the one after.
    expect(dates({ ...weekly, skipNext: true })).toEqual(['2027-03-05']);
  });
});
