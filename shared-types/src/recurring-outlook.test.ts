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
    // Monthly from 1 January: its next invoice, the third, on 1 March.
    startDate: '2027-01-01',
    frequencyUnit: 'month',
    frequencyEvery: 1,
    anchorDay: null,
    endKind: 'never',
    endCount: null,
    endDate: null,
    status: 'active',
    skipNext: false,
    nextIndex: 2,
    scheduleBase: 0,
    ...over,
  };
}

const TODAY = '2027-02-25';

describe('monthlyRecurringRevenue', () => {
  it('normalises each frequency to a month, net of tax, per currency, summed exactly', () => {
    const weekly = { frequencyUnit: 'week', frequencyEvery: 1 } as const;
    const mrr = monthlyRecurringRevenue(
      [
        profile(), // 100.00 a month
        // 10.00 a week twice: 43.333… each, 86.67 together (rounding each would give 86.66).
        profile({ items: [line(10)], ...weekly }),
        profile({ items: [line(10)], ...weekly }),
        profile({ items: [line(30)], frequencyEvery: 3 }), // quarterly: 10
        // Prices with tax: 119.00 at 19 % is 100.00 net.
        profile({ items: [line(119)], pricesIncludeTax: true }),
        // A one-off line is no recurring revenue.
        profile({ items: [line(5)], extraItems: [line(1000)] }),
        profile({ currencyCode: 'USD', items: [line(1200)], frequencyUnit: 'year' }),
        profile({ currencyCode: 'USD', items: [line(50)], frequencyEvery: 2 }),
        profile({
          currencyCode: 'USD',
          items: [line(12)],
          frequencyUnit: 'week',
          frequencyEvery: 2,
        }),
        // Not counted: paused, ended, past its end date.
        profile({ items: [line(1000)], status: 'paused' }),
        profile({ items: [line(1000)], endKind: 'after', endCount: 2 }),
        profile({ items: [line(1000)], endKind: 'on', endDate: '2027-02-20', nextIndex: 1 }),
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
          extraItems: [line(50)],
        }),
        // Weekly from Friday Feb 19: Feb 26 (Mar 5 is past the seven days).
        profile({
          customer: { name: 'Alpha' },
          items: [line(10)],
          startDate: '2027-02-19',
          frequencyUnit: 'week',
          nextIndex: 1,
        }),
        // Edited after five invoices: its schedule starts again on Mar 1, one invoice left.
        profile({
          customer: { name: 'Beta' },
          startDate: '2027-03-01',
          nextIndex: 5,
          scheduleBase: 5,
          endKind: 'after',
          endCount: 6,
          currencyCode: 'USD',
          items: [line(200, 0)],
        }),
        // Same day as Beta: by customer name.
        profile({ customer: { name: 'Alpha' } }),
        // Outside: the skipped next period, paused, after the week.
        profile({ startDate: '2027-01-27', nextIndex: 1, skipNext: true }), // Feb 27
        profile({ status: 'paused' }),
        profile({ startDate: '2027-01-04' }), // Mar 4
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
      frequencyUnit: 'week',
      nextIndex: 1,
    });
    const dates = (p: OutlookProfile) => upcomingInvoices([p], TODAY, 15).map((i) => i.date);
    expect(dates(weekly)).toEqual(['2027-02-26', '2027-03-05']);
    expect(dates({ ...weekly, endKind: 'on', endDate: '2027-03-04' })).toEqual(['2027-02-26']);
    expect(dates({ ...weekly, endKind: 'after', endCount: 2 })).toEqual(['2027-02-26']);
    // Skipping the next one leaves the one after.
    expect(dates({ ...weekly, skipNext: true })).toEqual(['2027-03-05']);
  });
});
