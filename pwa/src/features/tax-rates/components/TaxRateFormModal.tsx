import { Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  TAX_CATEGORIES,
  TAX_CATEGORY_RULES,
  taxRateProblems,
  type TaxCategory,
} from '@smb/shared-types/tax-categories';
import { TAX_RATE_RECORD_MESSAGES } from '@smb/shared-types/tax-rates';
import type { TaxRateRow } from '../../../db/types';
import { RecordModal, useModalForm, type FieldErrors } from '../../../components/crud/RecordModal';
import { DecimalInput } from '../../../components/DecimalInput';
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

function validate(values: Values): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
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
  const form = useModalForm({
    guard: 'tax-rate-form',
    initial: valuesOf(taxRate),
    validate,
    save: async (values) => {
      const body = {
        name: values.name.trim(),
        rate: values.rate === '' ? 0 : Number(values.rate),
        category: values.category,
        exemptionReason: values.exemptionReason.trim() || null,
      };
      if (taxRate) await updateTaxRate(taxRate.id, body);
      else await createTaxRate(body);
      return taxRate ? `Tax rate ${body.name} updated.` : `Tax rate ${body.name} added.`;
    },
    onSaved,
    failed: TAX_RATE_SAVE_FAILED,
  });
  const rule = TAX_CATEGORY_RULES[form.values.category];

  return (
    <RecordModal
      title={taxRate ? `Edit Tax Rate ${taxRate.name}` : 'Add Tax Rate'}
      submitLabel={taxRate ? 'Save Changes' : 'Add Tax Rate'}
      form={form}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        placeholder="VAT 19 %"
        required
        maxLength={100}
        {...form.text('name')}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label="Category"
          description="EN 16931 (UNCL 5305)"
          data={CATEGORY_OPTIONS}
          value={form.values.category}
          allowDeselect={false}
          onChange={(value) => {
            const category = (value ?? 'S') as TaxCategory;
            form.set('category', category);
            if (!TAX_CATEGORY_RULES[category].taxed) form.set('rate', 0);
          }}
        />
        <DecimalInput
          label="Rate (%)"
          description={rule.taxed ? 'Above 0, up to 100' : 'Not taxed: 0 %'}
          decimals={3}
          disabled={!rule.taxed}
          {...form.field('rate')}
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
          {...form.text('exemptionReason')}
        />
      )}
    </RecordModal>
  );
}
