import type { ImportKind } from './fields';

export const TITLES: Record<ImportKind, { plural: string; singular: string; list: string }> = {
  customers: { plural: 'customers', singular: 'customer', list: 'Customers' },
  contacts: { plural: 'contacts', singular: 'contact', list: 'Contacts' },
  products: { plural: 'products', singular: 'product', list: 'Products' },
};

export const HINTS: Record<ImportKind, string> = {
  customers:
    'One customer per row, with its company name and email; a main contact’s name and email may follow. Rows with an email already in your customers can update them.',
  contacts:
    'One contact per row, with its name, email and the customer it belongs to (the customer’s name or email). Rows with a contact email you already have can update it.',
  products:
    'One product per row, with its name and price; the currency by its code (your default one when blank). Rows with a SKU you already have can update that product.',
};

/** "1 customer", "2 customers". */
export const countOf = (kind: ImportKind, count: number) =>
  `${count} ${count === 1 ? TITLES[kind].singular : TITLES[kind].plural}`;
