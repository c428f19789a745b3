import { IconCoin } from '@tabler/icons-react';
import { RecordsSettings } from '../../../components/crud/RecordsSettings';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { deleteCurrency } from '../data/currencies';
import { CurrenciesTable } from '../components/CurrenciesTable';
import { CURRENCY_SAVE_FAILED, CurrencyFormModal } from '../components/CurrencyFormModal';
import { LoadErrorBoundary } from '../components/LoadErrorBoundary';
import { useCurrencies } from '../../../db/live';

export const CURRENCIES_LOAD_FAILED = 'Failed to load currencies. Please try again later.';
export const CURRENCY_DELETE_FAILED =
  'Failed to delete currency. It may be in use by quotes, orders, or products.';
export const CURRENCY_DELETE_CONFIRM =
  'Are you sure you want to delete this currency? This action cannot be undone.';

function Currencies() {
  const currencies = useCurrencies();
  const pending = usePendingIds('currencies');
  return (
    <RecordsSettings
      title="Currencies"
      description="Currencies for products, quotes and orders, with their tax rate and exchange rate to USD."
      addLabel="Add Currency"
      rows={currencies}
      empty={{
        icon: <IconCoin size={28} />,
        title: 'No currencies yet',
        description: 'Add the currencies you price products and quotes in, and choose a default.',
      }}
      mutationPrefix="currency."
      saveFailed={CURRENCY_SAVE_FAILED}
      deletion={{
        title: 'Delete Currency',
        warning: CURRENCY_DELETE_CONFIRM,
        failed: CURRENCY_DELETE_FAILED,
        name: (currency) => `${currency.code} — ${currency.name}`,
        remove: (currency) => deleteCurrency(currency.id),
        done: (currency) => `Currency ${currency.code} deleted.`,
      }}
      table={(actions) => (
        <CurrenciesTable currencies={currencies} pending={pending} {...actions} />
      )}
      form={(currency, onClose, onSaved) => (
        <CurrencyFormModal currency={currency} onClose={onClose} onSaved={onSaved} />
      )}
    />
  );
}

/** /dashboard/settings/currencies: currencies table, add/edit form, guarded delete. */
export default function CurrenciesSettingsScreen() {
  return (
    <LoadErrorBoundary message={CURRENCIES_LOAD_FAILED}>
      <Currencies />
    </LoadErrorBoundary>
  );
}
