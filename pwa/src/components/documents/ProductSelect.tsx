import { memo, useCallback, useMemo } from 'react';
import { Select, type OptionsFilter } from '@mantine/core';
import type { ProductRow } from '../../db/types';
import { rowSearch } from '../crud/search';
import { withProduct } from './draft';
import { TOUCH_INPUT, type ChangeLine } from './LineFields';

/**
 * The most products a line's product dropdown shows at once: the first matches of what is typed
 * (a tenant may have thousands of products; rendering them all made each keystroke take seconds).
 */
export const PRODUCT_OPTION_LIMIT = 50;

export interface ProductOption {
  value: string;
  label: string;
}

/**
 * The dropdown in a portal, and mounted only while open: Mantine's Combobox keeps a closed
 * dropdown's options in the DOM by default, which with 50 lines would be 50 lists of options.
 */
const COMBOBOX_PROPS = { withinPortal: true, keepMounted: false } as const;

/** The products typed for, ignoring case and accents (each label folded once). */
const searchOptions = rowSearch((option: ProductOption) => [option.label]);
const productFilter: OptionsFilter = ({ options, search, limit }) =>
  searchOptions(options as ProductOption[], search).slice(0, limit);

export interface ProductSelectProps {
  label: string;
  lineKey: string;
  productId: string | null;
  productName: string;
  /** The products' options, one array shared by every line. */
  options: ProductOption[];
  productById: Map<string, ProductRow>;
  changeLine: ChangeLine;
  phone: boolean;
}

/**
 * A line's product: a searchable Select showing at most `PRODUCT_OPTION_LIMIT` options. Memoized
 * on its own props, so a keystroke in the line's quantity does not render it again.
 */
export const ProductSelect = memo(function ProductSelect({
  label,
  lineKey,
  productId,
  productName,
  options,
  productById,
  changeLine,
  phone,
}: ProductSelectProps) {
  const known = productId ? productById.has(productId) : true;
  // A product no longer in the list (deleted, not synced yet) still shows the line's name.
  const data = useMemo(
    () =>
      productId && !known
        ? [...options, { value: productId, label: productName || 'Unknown product' }]
        : options,
    [options, productId, productName, known],
  );
  const onChange = useCallback(
    (id: string | null) =>
      changeLine(lineKey, (line) => withProduct(line, (id && productById.get(id)) || null)),
    [changeLine, lineKey, productById],
  );
  return (
    <Select
      aria-label={`${label} product`}
      placeholder="Select a product"
      data={data}
      value={productId}
      searchable
      limit={PRODUCT_OPTION_LIMIT}
      filter={productFilter}
      nothingFoundMessage="No products found"
      onChange={onChange}
      comboboxProps={COMBOBOX_PROPS}
      styles={phone ? TOUCH_INPUT : undefined}
    />
  );
});
