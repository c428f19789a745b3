import { Divider, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  FormActions,
  useRecordForm,
  type RecordFormProps,
} from '../../../components/crud/RecordForm';
import type { CurrencyRow } from '../../../db/types';
import { DecimalInput } from '../../../components/DecimalInput';
import { useTaxRates } from '../../../db/live';
import { DEFAULT_UNIT, UNITS } from '@smb/shared-types/units';

const UNIT_OPTIONS = Object.entries(UNITS).map(([value, label]) => ({ value, label }));

export interface ProductFormValues {
  name: string;
  sku: string;
  /** NumberInput values: a number, or '' when blank. */
  price: number | string;
  currencyCode: string | null;
  cost: number | string;
  stock: number | string;
  category: string;
  supplier: string;
  description: string;
  /** Defaults of a new line: null = the currency's rate. */
  taxRateId: string | null;
  unitCode: string;
}

/** Price defaults to 0 when blank, cost to null; stock is a whole number or null. */
export function productBody(values: ProductFormValues) {
  const num = (v: number | string): number | null => {
    if (typeof v === 'number') return v;
    if (v.trim() === '') return null;
    const n = Number(v);
    return Number.isFinite(n) ? n : NaN;
  };
  return {
    name: values.name,
    sku: values.sku,
    price: num(values.price) ?? 0,
    currencyCode: values.currencyCode ?? '',
    cost: num(values.cost),
    stock: num(values.stock),
    category: values.category,
    supplier: values.supplier,
    description: values.description,
    taxRateId: values.taxRateId,
    unitCode: values.unitCode,
  };
}

export function ProductForm({
  currencies,
  ...props
}: RecordFormProps<ProductFormValues> & { currencies: CurrencyRow[] }) {
  const { values, set, text, submit } = useRecordForm('product-form', props);
  const taxRates = useTaxRates();
  const { done } = props;
  const symbol = currencies.find((c) => c.code === values.currencyCode)?.symbol;
  /** An amount in the product's currency: two decimals, never negative. */
  const money = (name: 'price' | 'cost') => ({
    decimals: 2,
    leftSection: symbol ? <Text size="sm">{symbol}</Text> : undefined,
    value: values[name],
    onChange: (value: number | string) => set(name, value),
    disabled: done,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" withAsterisk {...text('name')} />
          <TextInput label="SKU" {...text('sku')} />
        </SimpleGrid>
        <Divider label="Pricing" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DecimalInput
            label="Price"
            withAsterisk
            description="Blank means 0"
            {...money('price')}
          />
          <Select
            label="Currency"
            withAsterisk
            placeholder="Select a currency"
            description=" "
            data={currencies.map((c) => ({
              value: c.code,
              label: `${c.code} - ${c.name} (${c.symbol})`,
            }))}
            value={values.currencyCode}
            onChange={(code) => set('currencyCode', code)}
            nothingFoundMessage="No currencies"
            disabled={done}
          />
          <DecimalInput label="Cost" description="Optional" {...money('cost')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Tax rate"
            description="New lines of this product take it"
            data={[
              { value: '', label: 'Currency rate' },
              ...(taxRates ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.rate} %)` })),
            ]}
            value={values.taxRateId ?? ''}
            allowDeselect={false}
            onChange={(id) => set('taxRateId', id || null)}
            disabled={done}
          />
          <Select
            label="Unit"
            description="UN/ECE Rec 20"
            data={UNIT_OPTIONS}
            value={values.unitCode}
            allowDeselect={false}
            onChange={(code) => set('unitCode', code ?? DEFAULT_UNIT)}
            disabled={done}
          />
        </SimpleGrid>
        <Divider label="Inventory" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DecimalInput
            label="Stock"
            description="Whole number; blank if not tracked"
            decimals={0}
            allowNegative
            value={values.stock}
            onChange={(v) => set('stock', v)}
            disabled={done}
          />
          <TextInput label="Category" description=" " {...text('category')} />
          <TextInput label="Supplier" description=" " {...text('supplier')} />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={8}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          disabled={done}
        />
        <FormActions record="Product" {...props} />
      </Stack>
    </form>
  );
}
