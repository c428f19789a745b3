// The names the sync protocol speaks of, apart from its messages (sync.ts) so that the protocol's
// versioning (sync-protocol.ts) can name mutations without importing the messages.

/** Entities that sync. Line items travel inside their quote/order/invoice. */
export const SYNC_ENTITIES = [
  'currencies',
  'customers',
  'contacts',
  'products',
  'tax_rates',
  'quotes',
  'orders',
  'invoices',
  'payments',
  'conflicts',
] as const;
export type SyncEntity = (typeof SYNC_ENTITIES)[number];

export const MUTATION_NAMES = [
  'customer.create',
  'customer.update',
  'customer.delete',
  'contact.create',
  'contact.update',
  'contact.delete',
  'product.create',
  'product.update',
  'product.delete',
  'currency.create',
  'currency.update',
  'currency.delete',
  'taxRate.create',
  'taxRate.update',
  'taxRate.delete',
  'tenant.update',
  'tenant.updateCompany',
  'tenant.updateBilling',
  'quote.create',
  'quote.update',
  'quote.delete',
  'quote.setStatus',
  'quote.send',
  'quote.convert',
  'order.create',
  'order.update',
  'order.delete',
  'order.createInvoice',
  'invoice.setStatus',
  'invoice.setTerms',
  'invoice.setReminders',
  'invoice.email',
  'order.email',
  'invoice.issue',
  'payment.create',
  'payment.delete',
  'conflict.resolve',
] as const;
export type MutationName = (typeof MUTATION_NAMES)[number];
