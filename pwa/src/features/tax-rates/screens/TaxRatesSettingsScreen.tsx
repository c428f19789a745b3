import { IconPercentage } from '@tabler/icons-react';
import { useTaxRates } from '../../../db/live';
import { RecordsSettings } from '../../../components/crud/RecordsSettings';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { deleteTaxRate } from '../data/tax-rates';
import { TaxRatesTable } from '../components/TaxRatesTable';
import { TAX_RATE_SAVE_FAILED, TaxRateFormModal } from '../components/TaxRateFormModal';

export const TAX_RATE_DELETE_FAILED = 'Failed to delete the tax rate. Please try again.';
export const TAX_RATE_DELETE_CONFIRM =
  'Delete this tax rate? Quotes, orders and invoices already written keep the rate they were written with.';

/** /dashboard/settings/tax-rates: the tenant's tax rates, add/edit form, delete with confirmation. */
export default function TaxRatesSettingsScreen() {
  const taxRates = useTaxRates();
  const pending = usePendingIds('tax_rates');
  return (
    <RecordsSettings
      title="Tax rates"
      description="The rates a line, a discount or a charge can carry. A line without one takes its currency's tax rate."
      addLabel="Add Tax Rate"
      rows={taxRates}
      empty={{
        icon: <IconPercentage size={28} />,
        title: 'No tax rates yet',
        description: 'Add your standard and reduced rates, and the exemptions you invoice under.',
      }}
      mutationPrefix="taxRate."
      saveFailed={TAX_RATE_SAVE_FAILED}
      deletion={{
        title: 'Delete Tax Rate',
        warning: TAX_RATE_DELETE_CONFIRM,
        failed: TAX_RATE_DELETE_FAILED,
        name: (rate) => `${rate.name} (${rate.rate} %)`,
        remove: (rate) => deleteTaxRate(rate.id),
        done: (rate) => `Tax rate ${rate.name} deleted.`,
      }}
      table={(actions) => <TaxRatesTable taxRates={taxRates} pending={pending} {...actions} />}
      form={(taxRate, onClose, onSaved) => (
        <TaxRateFormModal taxRate={taxRate} onClose={onClose} onSaved={onSaved} />
      )}
    />
  );
}
