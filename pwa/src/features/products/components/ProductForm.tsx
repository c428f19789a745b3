import { useState, type ChangeEvent, type FormEvent } from 'react';
import {
  Button,
  Divider,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useUpdateGuard } from '../../../lib/useUpdateGuard';
import type { CurrencyRow } from '../../../db/types';

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
}

/** Spec §5: price defaults to 0 when blank, cost to null; stock is a whole number or null. */
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
  };
}

export function ProductForm({
  initial,
  currencies,
  creating,
  saving,
  done,
  onSubmit,
  onCancel,
}: {
  initial: ProductFormValues;
  currencies: CurrencyRow[];
  creating: boolean;
  saving: boolean;
  done: boolean;
  onSubmit: (values: ProductFormValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const dirty =
    !done &&
    (Object.keys(values) as (keyof ProductFormValues)[]).some((k) => values[k] !== initial[k]);
  useUpdateGuard('product-form', dirty);
  const set = <K extends keyof ProductFormValues>(name: K, value: ProductFormValues[K]) =>
    setValues((v) => ({ ...v, [name]: value }));
  const text = (name: 'name' | 'sku' | 'category' | 'supplier') => ({
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.currentTarget.value),
    disabled: done,
  });
  const symbol = currencies.find((c) => c.code === values.currencyCode)?.symbol;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" withAsterisk {...text('name')} />
          <TextInput label="SKU" {...text('sku')} />
        </SimpleGrid>
        <Divider label="Pricing" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput
            label="Price"
            withAsterisk
            description="Blank means 0"
            min={0}
            step={0.01}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            leftSection={symbol ? <Text size="sm">{symbol}</Text> : undefined}
            value={values.price}
            onChange={(v) => set('price', v)}
            disabled={done}
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
          <NumberInput
            label="Cost"
            description="Optional"
            min={0}
            step={0.01}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            leftSection={symbol ? <Text size="sm">{symbol}</Text> : undefined}
            value={values.cost}
            onChange={(v) => set('cost', v)}
            disabled={done}
          />
        </SimpleGrid>
        <Divider label="Inventory" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput
            label="Stock"
            description="Whole number; blank if not tracked"
            allowDecimal={false}
            step={1}
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={saving}
            disabled={done}
            leftSection={<IconDeviceFloppy size={18} />}
          >
            {creating ? 'Create Product' : 'Update Product'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
