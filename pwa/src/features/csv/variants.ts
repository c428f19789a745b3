import { normaliseHeader } from './mapping';
import { findHeader, type VariantLayout } from './profiles';

/**
 * Shop exports give a product with variants as several rows: Shopify a row per variant under one
 * Handle (the first carries the title), WooCommerce a "variable" parent row and a "variation" row
 * per variant, Square a row per variation. Each variant becomes a product of its own, named
 * "Title — Option values", with its own SKU, price and stock; parent rows that are no product
 * (no price of their own) are not imported, and say why.
 */

export interface SkippedNote {
  line: number;
  reason: string;
}

export interface Expanded {
  rows: string[][];
  lines: number[];
  skipped: SkippedNote[];
  /** Products made from the variants of a product with several. */
  variants: number;
  /** Products those variants belong to. */
  withVariants: number;
}

export const VARIANT_MESSAGES = {
  imageRow: (title: string) => `Image row of “${title}”, no variant of its own`,
  variableParent: (name: string, count: number) =>
    count > 0
      ? `“${name}” is the parent of ${count} ${count === 1 ? 'variant' : 'variants'}, imported one by one`
      : `“${name}” is a variable product with no variants in this file and no price of its own`,
} as const;

const DASH = ' — ';

type Column = (...names: string[]) => number;

function columnFinder(headers: string[]): Column {
  const normalised = headers.map(normaliseHeader);
  return (...names) => {
    for (const name of names) {
      const i = findHeader(normalised, name);
      if (i >= 0) return i;
    }
    return -1;
  };
}

const get = (row: string[], i: number) => (i >= 0 ? (row[i] ?? '').trim() : '');
function set(row: string[], i: number, value: string) {
  if (i >= 0) row[i] = value;
}
/** Copies the parent's cell into the variant where the variant's is blank. */
function inherit(row: string[], parent: string[], columns: number[]) {
  for (const i of columns) if (i >= 0 && get(row, i) === '') set(row, i, get(parent, i));
}

function shopify(headers: string[], rows: string[][], lines: number[]): Expanded {
  const col = columnFinder(headers);
  const handle = col('Handle', 'URL handle');
  const title = col('Title');
  const shared = [
    col('Body (HTML)', 'Description'),
    col('Vendor'),
    col('Type'),
    col('Product Category'),
  ];
  const options = [col('Option1 Value'), col('Option2 Value'), col('Option3 Value')];
  const variantCells = [col('Variant SKU', 'SKU'), col('Variant Price', 'Price'), options[0]!];
  const out: Expanded = { rows: [], lines: [], skipped: [], variants: 0, withVariants: 0 };
  let i = 0;
  while (i < rows.length) {
    const key = get(rows[i]!, handle);
    let end = i + 1;
    while (end < rows.length && key !== '' && get(rows[end]!, handle) === key) end++;
    const parent = rows[i]!;
    const name = get(parent, title) || key;
    const group: { row: string[]; line: number; values: string[] }[] = [];
    for (let r = i; r < end; r++) {
      const row = [...rows[r]!];
      if (r > i && variantCells.every((c) => get(row, c) === '')) {
        out.skipped.push({ line: lines[r]!, reason: VARIANT_MESSAGES.imageRow(name) });
        continue;
      }
      const values = options.map((c) => get(row, c)).filter((v) => v && v !== 'Default Title');
      group.push({ row, line: lines[r]!, values });
    }
    for (const { row, line, values } of group) {
      if (row !== parent) inherit(row, parent, shared);
      set(
        row,
        title,
        group.length > 1 && values.length > 0 ? name + DASH + values.join(' / ') : name,
      );
      out.rows.push(row);
      out.lines.push(line);
    }
    if (group.length > 1) {
      out.variants += group.length;
      out.withVariants += 1;
    }
    i = end;
  }
  return out;
}

function woocommerce(headers: string[], rows: string[][], lines: number[]): Expanded {
  const col = columnFinder(headers);
  const id = col('ID');
  const type = col('Type');
  const sku = col('SKU');
  const name = col('Name');
  const parentRef = col('Parent');
  const description = col('Description');
  const shortDescription = col('Short description');
  const shared = [col('Categories'), description, col('Tags')];
  const attributes = headers
    .map((h, i) => (/^attribute \d+ value/i.test(h.trim()) ? i : -1))
    .filter((i) => i >= 0);
  const isVariable = (row: string[]) => /\bvariable\b/i.test(get(row, type));
  const isVariation = (row: string[]) => /\bvariation\b/i.test(get(row, type));
  const parents = new Map<string, string[]>();
  const children = new Map<string[], number>();
  for (const row of rows)
    if (isVariable(row)) {
      if (get(row, sku)) parents.set(get(row, sku).toLowerCase(), row);
      if (get(row, id)) parents.set(`id:${get(row, id)}`, row);
      children.set(row, 0);
    }
  const parentOf = (row: string[]) => parents.get(get(row, parentRef).toLowerCase());
  for (const row of rows) {
    const parent = isVariation(row) ? parentOf(row) : undefined;
    if (parent) children.set(parent, (children.get(parent) ?? 0) + 1);
  }
  const out: Expanded = { rows: [], lines: [], skipped: [], variants: 0, withVariants: 0 };
  rows.forEach((source, r) => {
    if (isVariable(source)) {
      const count = children.get(source) ?? 0;
      out.skipped.push({
        line: lines[r]!,
        reason: VARIANT_MESSAGES.variableParent(get(source, name), count),
      });
      if (count > 0) out.withVariants += 1;
      return;
    }
    const row = [...source];
    if (get(row, description) === '') set(row, description, get(row, shortDescription));
    const parent = isVariation(row) ? parentOf(row) : undefined;
    if (parent) {
      inherit(row, parent, shared);
      if (get(row, description) === '') set(row, description, get(parent, shortDescription));
      const values = attributes.map((c) => get(row, c)).filter(Boolean);
      if (values.length > 0) set(row, name, get(parent, name) + DASH + values.join(' / '));
      out.variants += 1;
    }
    out.rows.push(row);
    out.lines.push(lines[r]!);
  });
  return out;
}

function square(headers: string[], rows: string[][], lines: number[]): Expanded {
  const col = columnFinder(headers);
  const item = col('Item Name');
  const variation = col('Variation Name');
  const shared = [col('Description'), col('Category', 'Categories')];
  const out: Expanded = { rows: [], lines: [], skipped: [], variants: 0, withVariants: 0 };
  let i = 0;
  while (i < rows.length) {
    const parent = rows[i]!;
    const name = get(parent, item);
    let end = i + 1;
    while (end < rows.length && [name, ''].includes(get(rows[end]!, item))) end++;
    for (let r = i; r < end; r++) {
      const row = [...rows[r]!];
      inherit(row, parent, shared);
      const variant = get(row, variation);
      const several = end - i > 1;
      set(row, item, variant && (several || variant !== 'Regular') ? name + DASH + variant : name);
      out.rows.push(row);
      out.lines.push(lines[r]!);
    }
    if (end - i > 1) {
      out.variants += end - i;
      out.withVariants += 1;
    }
    i = end;
  }
  return out;
}

const LAYOUTS = { shopify, woocommerce, square } as const;

/** The rows with each variant as a product of its own (see above). */
export function expandVariants(
  layout: VariantLayout,
  headers: string[],
  rows: string[][],
  lines: number[],
): Expanded {
  return LAYOUTS[layout](headers, rows, lines);
}
