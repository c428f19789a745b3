import { storeSession, USER_CLAIMS } from '../../../test/helpers';
import type { SmbDatabase } from '../../../db/database';
import { setMeta } from '../../../db/meta';
import type {
  ContactRow,
  CurrencyRow,
  CustomerRow,
  DocumentItemRow,
  OrderRow,
  ProductRow,
  QuoteRow,
} from '../../../db/types';

const NOW = '2026-03-14T10:00:00.000Z';
const base = { version: '1', updatedAt: NOW, createdAt: NOW };

export const customers: CustomerRow[] = [
  {
    id: 'cu-acme',
    name: 'Acme Ltd',
    email: 'office@acme.test',
    phoneNumber: null,
    address: '1 Main St',
    address2: 'Springfield',
    ...base,
  },
  {
    id: 'cu-globex',
    name: 'Globex',
    email: 'hello@globex.test',
    phoneNumber: null,
    address: null,
    address2: null,
    ...base,
  },
  {
    id: 'cu-initech',
    name: 'Initech',
    email: 'info@initech.test',
    phoneNumber: null,
    address: '9 Office Park',
    address2: null,
    ...base,
  },
];

export const contacts: ContactRow[] = [
  {
    id: 'co-ann',
    customerId: 'cu-acme',
    name: 'Ann Able',
    email: 'ann@acme.test',
    phoneNumber: null,
    role: 'Primary',
    ...base,
  },
  {
    id: 'co-bob',
    customerId: 'cu-acme',
    name: 'Bob Buyer',
    email: 'bob@acme.test',
    phoneNumber: null,
    role: 'Purchasing',
    ...base,
  },
  {
    id: 'co-gina',
    customerId: 'cu-globex',
    name: 'Gina Green',
    email: 'gina@globex.test',
    phoneNumber: null,
    role: 'Primary',
    ...base,
  },
];

export const products: ProductRow[] = [
  {
    id: 'pr-widget',
    name: 'Widget',
    sku: 'W-1',
    price: 19.99,
    currencyCode: 'USD',
    cost: null,
    stock: 10,
    category: null,
    supplier: null,
    description: null,
    ...base,
  },
  {
    id: 'pr-gadget',
    name: 'Gadget',
    sku: 'G-2',
    price: 5,
    currencyCode: 'USD',
    cost: null,
    stock: 3,
    category: null,
    supplier: null,
    description: null,
    ...base,
  },
];

export const currencies: CurrencyRow[] = [
  {
    id: 'cur-usd',
    code: 'USD',
    name: 'US Dollar',
    symbol: '$',
    taxRate: 10,
    dollarExchangeRate: 1,
    isDefault: true,
    version: '1',
    updatedAt: NOW,
  },
  {
    id: 'cur-cad',
    code: 'CAD',
    name: 'Canadian Dollar',
    symbol: 'C$',
    taxRate: 9.975,
    dollarExchangeRate: 0.74,
    isDefault: false,
    version: '1',
    updatedAt: NOW,
  },
];

export function item(
  productId: string,
  quantity: number,
  unitPrice: number,
  position = 0,
): DocumentItemRow {
  const product = products.find((p) => p.id === productId);
  return {
    id: `it-${productId}-${position}`,
    productId,
    position,
    productName: product?.name ?? 'Old product',
    productSku: product?.sku ?? null,
    quantity,
    unitPrice,
    subtotal: Math.round(unitPrice * quantity * 100) / 100,
  };
}

export function quoteRow(over: Partial<QuoteRow> & { id: string }): QuoteRow {
  return {
    quoteNumber: null,
    customerId: 'cu-acme',
    contactId: 'co-ann',
    currencyCode: 'USD',
    status: 'Draft',
    notes: '',
    items: [item('pr-widget', 2, 19.99)],
    subtotal: 39.98,
    taxRate: 10,
    taxAmount: 4,
    total: 43.98,
    accessToken: null,
    viewedAt: null,
    acceptedAt: null,
    rejectedAt: null,
    ...base,
    ...over,
  };
}

export function orderRow(over: Partial<OrderRow> & { id: string }): OrderRow {
  return {
    orderNumber: null,
    quoteId: null,
    customerId: 'cu-acme',
    contactId: 'co-ann',
    currencyCode: 'USD',
    status: 'Pending',
    notes: '',
    items: [item('pr-widget', 2, 19.99)],
    subtotal: 39.98,
    taxRate: 10,
    taxAmount: 4,
    total: 43.98,
    ...base,
    ...over,
  };
}

/** Master data and the tenant of a signed-in user's local database. */
export async function seedMasterData(db: SmbDatabase): Promise<void> {
  await db.customers.bulkPut(customers);
  await db.contacts.bulkPut(contacts);
  await db.products.bulkPut(products);
  await db.currencies.bulkPut(currencies);
  await setMeta(db, 'tenant', {
    id: 'tenant-1',
    naturalName: 'Acme Corp',
    schemaName: 'acme_x1y2',
    createdAt: NOW,
  });
}

/**
 * A signed-in session whose token has no `sub`: the AuthProvider then does not open (and make
 * current) the user's real database, so the screen reads the test's database.
 */
export function storeLocalSession(): void {
  const { sub: _sub, ...claims } = USER_CLAIMS;
  storeSession(claims);
}
