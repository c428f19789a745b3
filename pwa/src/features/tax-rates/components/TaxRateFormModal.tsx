import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  TAX_CATEGORIES,
  TAX_CATEGORY_RULES,
  taxRateProblems,
  type TaxCategory,
} from '@smb/shared-types/tax-categories';
import { TAX_RATE_RECORD_MESSAGES } from '@smb/shared-types/tax-rates';
import { NotFoundError, ValidationError } from '../../../db/errors';
import type { TaxRateRow } from '../../../db/types';
import { useUpdateGuard } from '../../../lib/useUpdateGuard';
import { createTaxRate, updateTaxRate } from '../data/tax-rates';

export const TAX_RATE_SAVE_FAILED = 'Failed to save the tax rate. Please try again.';

const CATEGORY_OPTIONS = TAX_CATEGORIES.map((c) => ({
  value: c,
  label: `${TAX_CATEGORY_RULES[c].label} (${c})`,
}));

interface Values {
  name: string;
  rate: number | string;
  category: TaxCategory;
  exemptionReason: string;
}

const valuesOf = (rate: TaxRateRow | null): Values => ({
  name: rate?.name ?? '',
  rate: rate?.rate ?? '',
  category: rate?.category ?? 'S',
  exemptionReason: rate?.exemptionReason ?? '',
});

type Errors = Partial<Record<keyof Values, string>>;

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = TAX_RATE_RECORD_MESSAGES.nameRequired;
  const problems = taxRateProblems({
    category: values.category,
    rate: values.rate === '' ? 0 : values.rate,
    exemptionReason: values.exemptionReason,
  });
  if (problems.rate) errors.rate = problems.rate;
  if (problems.exemptionReason) errors.exemptionReason = problems.exemptionReason;
  return errors;
}

interface Props {
  /** null: add a new rate. */
  taxRate: TaxRateRow | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Add / edit a tax rate; saved on this device first, synced later. */
export function TaxRateFormModal({ taxRate, onClose, onSaved }: Props) {
  const [values, setValues] = useState<Values>(() => valuesOf(taxRate));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const initial = valuesOf(taxRate);
  useUpdateGuard(
    'tax-rate-form',
    (Object.keys(values) as (keyof Values)[]).some((k) => values[k] !== initial[k]),
  );
  const rule = TAX_CATEGORY_RULES[values.category];

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problems = validate(values);
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    setSaving(true);
    const body = {
      name: values.name.trim(),
      rate: values.rate === '' ? 0 : Number(values.rate),
      category: values.category,
      exemptionReason: values.exemptionReason.trim() || null,
    };
    try {
      if (taxRate) await updateTaxRate(taxRate.id, body);
      else await createTaxRate(body);
      onSaved(taxRate ? `Tax rate ${body.name} updated.` : `Tax rate ${body.name} added.`);
    } catch (cause) {
      setFailure(
        cause instanceof ValidationError || cause instanceof NotFoundError
          ? cause.message
          : TAX_RATE_SAVE_FAILED,
      );
      setSaving(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={taxRate ? `Edit Tax Rate ${taxRate.name}` : 'Add Tax Rate'}
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
          <TextInput
            label="Name"
            placeholder="VAT 19 %"
            required
            maxLength={100}
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label="Category"
              description="EN 16931 (UNCL 5305)"
              data={CATEGORY_OPTIONS}
              value={values.category}
              allowDeselect={false}
              onChange={(value) => {
                const category = (value ?? 'S') as TaxCategory;
                set('category', category);
                if (!TAX_CATEGORY_RULES[category].taxed) set('rate', 0);
              }}
            />
            <NumberInput
              label="Rate (%)"
              description={rule.taxed ? 'Above 0, up to 100' : 'Not taxed: 0 %'}
              min={0}
              max={100}
              step={0.5}
              decimalScale={3}
              clampBehavior="none"
              disabled={!rule.taxed}
              value={values.rate}
              onChange={(value) => set('rate', value)}
              error={errors.rate}
            />
          </SimpleGrid>
          {rule.needsExemptionReason && (
            <TextInput
              label="Exemption reason"
              description={
                rule.defaultReason
                  ? `Printed on the invoice; left empty: "${rule.defaultReason.text}"`
                  : 'Printed on the invoice'
              }
              maxLength={300}
              value={values.exemptionReason}
              onChange={(e) => set('exemptionReason', e.currentTarget.value)}
              error={errors.exemptionReason}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {taxRate ? 'Save Changes' : 'Add Tax Rate'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
