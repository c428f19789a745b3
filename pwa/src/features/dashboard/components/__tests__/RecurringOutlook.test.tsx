import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../../app/theme';
import { NO_UPCOMING_INVOICES, RecurringOutlook } from '../RecurringOutlook';

const show = (props: Parameters<typeof RecurringOutlook>[0]) =>
  render(
    <MantineProvider theme={theme}>
      <RecurringOutlook {...props} />
    </MantineProvider>,
  );

describe('RecurringOutlook', () => {
  it('shows the monthly revenue per currency and the next seven days in order', () => {
    show({
      monthly: [
        { currencyCode: 'EUR', amount: '301.67' },
        { currencyCode: 'USD', amount: '1151.00' },
      ],
      upcoming: [
        {
          date: '2027-02-26',
          profileId: 'a',
          customerName: 'Alpha GmbH',
          amount: '11.90',
          currencyCode: 'EUR',
        },
        {
          date: '2027-03-01',
          profileId: 'b',
          customerName: 'Beta Inc',
          amount: '200.00',
          currencyCode: 'USD',
        },
      ],
    });
    const figures = screen.getByTestId('card-recurring-value');
    expect(figures).toHaveTextContent('€301.67');
    expect(figures).toHaveTextContent('$1,151.00');
    const rows = within(screen.getByRole('table', { name: 'Next 7 days' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DateCustomerAmount',
      '2/26/2027Alpha GmbH€11.90',
      '3/1/2027Beta Inc$200.00',
    ]);
    expect(screen.queryByText(NO_UPCOMING_INVOICES)).not.toBeInTheDocument();
  });

  it('says so when nothing is scheduled', () => {
    show({ monthly: [], upcoming: [] });
    expect(screen.getByText(NO_UPCOMING_INVOICES)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByTestId('card-recurring-value')).toHaveTextContent('—');
  });
});
