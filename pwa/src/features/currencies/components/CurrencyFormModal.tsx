import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useUpdateGuard } from '../../../lib/useUpdateGuard';
import { NotFoundError, ValidationError } from '../../../db/errors';
import type { CurrencyRow } from '../../../db/types';
import { createCurrency, updateCurrency } from '../data/currencies';
import {
  currencyBody,
  currencyFormValues,
  validateCurrencyForm,
  type CurrencyFormErrors,
  type CurrencyFormValues,
} from './currency-form';
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
  const [values, setValues] = useState<CurrencyFormValues>(() => currencyFormValues(currency));
  const [errors, setErrors] = useState<CurrencyFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const initial = currencyFormValues(currency);
  const dirty = (Object.keys(values) as (keyof CurrencyFormValues)[]).some(
    (k) => values[k] !== initial[k],
  );
  useUpdateGuard('currency-form', dirty);

  const set = <K extends keyof CurrencyFormValues>(key: K, value: CurrencyFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problems = validateCurrencyForm(values);
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    setSaving(true);
    try {
      const body = currencyBody(values);
      if (currency) await updateCurrency(currency.id, body);
      else await createCurrency(body);
      onSaved(currency ? `Currency ${body.code} updated.` : `Currency ${body.code} added.`);
    } catch (cause) {
      setFailure(
        cause instanceof ValidationError || cause instanceof NotFoundError
          ? cause.message
          : CURRENCY_SAVE_FAILED,
      );
      setSaving(false);
    }
  };

  const lockedDefault = !!currency?.isDefault;
  return (
    <Modal
      opened
      onClose={onClose}
      title={currency ? `Edit Currency ${currency.code}` : 'Add Currency'}
      size="lg"
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} />}
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setFailure(null)}
            >
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <TextInput
              label="Code"
              placeholder="EUR"
              required
              maxLength={3}
              value={values.code}
              onChange={(e) => set('code', e.currentTarget.value.toUpperCase())}
              error={errors.code}
              data-autofocus
              styles={{
                input: {
                  textTransform: 'uppercase',
                  fontFamily: 'var(--mantine-font-family-monospace)',
                },
              }}
            />
            <TextInput
              label="Name"
              placeholder="Euro"
              required
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
            />
            <TextInput
              label="Symbol"
              placeholder="€"
              required
              maxLength={10}
              value={values.symbol}
              onChange={(e) => set('symbol', e.currentTarget.value)}
              error={errors.symbol}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DecimalInput
              label="Tax Rate (%)"
              description="0 to 100"
              decimals={3}
              value={values.taxRate}
              onChange={(value) => set('taxRate', value)}
              error={errors.taxRate}
            />
            <DecimalInput
              label="Exchange Rate (to USD)"
              description="At least 0.01"
              decimals={4}
              value={values.dollarExchangeRate}
              onChange={(value) => set('dollarExchangeRate', value)}
              error={errors.dollarExchangeRate}
            />
          </SimpleGrid>
          <Switch
            label="Default currency"
            description={
              lockedDefault
                ? 'This is the default currency. To change it, make another currency the default.'
                : 'New quotes and products use the default currency.'
            }
            checked={values.isDefault}
            disabled={lockedDefault}
            onChange={(e) => set('isDefault', e.currentTarget.checked)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {currency ? 'Save Changes' : 'Add Currency'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
