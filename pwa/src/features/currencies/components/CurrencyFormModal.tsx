import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { CurrencyRow } from '../../../db/types';
import { RecordModal, useModalForm } from '../../../components/crud/RecordModal';
import { createCurrency, updateCurrency } from '../data/currencies';
import { currencyBody, currencyFormValues, validateCurrencyForm } from './currency-form';
import { DecimalInput } from '../../../components/DecimalInput';

export const CURRENCY_SAVE_FAILED = 'Failed to save currency. Please try again.';

interface Props {
  /** null: add a new currency. */
  currency: CurrencyRow | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Add / edit form; saved on this device first, synced later. */
export function CurrencyFormModal({ currency, onClose, onSaved }: Props) {
  const form = useModalForm({
    guard: 'currency-form',
    initial: currencyFormValues(currency),
    validate: validateCurrencyForm,
    save: async (values) => {
      const body = currencyBody(values);
      if (currency) await updateCurrency(currency.id, body);
      else await createCurrency(body);
      return currency ? `Currency ${body.code} updated.` : `Currency ${body.code} added.`;
    },
    onSaved,
    failed: CURRENCY_SAVE_FAILED,
  });

  const lockedDefault = !!currency?.isDefault;
  return (
    <RecordModal
      title={currency ? `Edit Currency ${currency.code}` : 'Add Currency'}
      submitLabel={currency ? 'Save Changes' : 'Add Currency'}
      form={form}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <TextInput
          label="Code"
          placeholder="EUR"
          required
          maxLength={3}
          value={form.values.code}
          onChange={(e) => form.set('code', e.currentTarget.value.toUpperCase())}
          error={form.errors.code}
          data-autofocus
          styles={{
            input: {
              textTransform: 'uppercase',
              fontFamily: 'var(--mantine-font-family-monospace)',
            },
          }}
        />
        <TextInput label="Name" placeholder="Euro" required {...form.text('name')} />
        <TextInput
          label="Symbol"
          placeholder="€"
          required
          maxLength={10}
          {...form.text('symbol')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <DecimalInput
          label="Tax Rate (%)"
          description="0 to 100"
          decimals={3}
          {...form.field('taxRate')}
        />
        <DecimalInput
          label="Exchange Rate (to USD)"
          description="At least 0.01"
          decimals={4}
          {...form.field('dollarExchangeRate')}
        />
      </SimpleGrid>
      <Switch
        label="Default currency"
        description={
          lockedDefault
            ? 'This is the default currency. To change it, make another currency the default.'
            : 'New quotes and products use the default currency.'
        }
        checked={form.values.isDefault}
        disabled={lockedDefault}
        onChange={(e) => form.set('isDefault', e.currentTarget.checked)}
      />
    </RecordModal>
  );
}
