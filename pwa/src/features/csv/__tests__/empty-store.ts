import type { ImportLookups } from '../prepare';

/** An empty local store with two currencies, EUR the default one. */
export const EMPTY_STORE: ImportLookups = {
  customersByEmail: new Map(),
  customersByName: new Map(),
  contactsByEmail: new Map(),
  productsBySku: new Map(),
  currencyCodes: new Set(['EUR', 'USD']),
  defaultCurrency: 'EUR',
};
