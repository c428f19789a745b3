/** Title and description of each dashboard data screen. */
export interface SectionInfo {
  title: string;
  description: string;
}

export const SECTIONS = {
  customers: {
    title: 'Customers',
    description:
      'Every company you do business with — name, email, phone and address — with quick links to its contacts, quotes and orders.',
  },
  customerNew: {
    title: 'New Customer',
    description:
      'Add a customer company together with its main contact, who is saved as the Primary contact.',
  },
  customerDetail: {
    title: 'Customer',
    description: 'Company details and address of this customer, ready to edit.',
  },
  contacts: {
    title: 'Contacts',
    description:
      'The people at your customers: name, email, phone, role and company, filterable by customer.',
  },
  contactNew: {
    title: 'New Contact',
    description: 'Add a person to one of your customers, with their email, phone and role.',
  },
  contactDetail: {
    title: 'Contact',
    description: 'Details of this contact and the customer they belong to.',
  },
  products: {
    title: 'Products',
    description:
      'Your catalogue: name, SKU, price and currency, supplier, category and stock on hand.',
  },
  productNew: {
    title: 'New Product',
    description: 'Add a product or service with its price, cost, currency and stock.',
  },
  productDetail: {
    title: 'Product',
    description: 'Price, cost, stock and description of this product.',
  },
  quotes: {
    title: 'Quotes',
    description:
      'Professional quotes with status tracking — Draft, Sent, Accepted, Rejected, Converted — shareable links for digital approval, and one-click conversion to orders.',
  },
  quoteNew: {
    title: 'Create New Quote',
    description:
      'Pick a recipient, a currency and products; the totals and tax are worked out for you.',
  },
  quoteDetail: {
    title: 'Quote',
    description:
      'Recipient, items, notes and totals of this quote, with Send, Share and Convert to Order.',
  },
  orders: {
    title: 'Orders',
    description:
      'Orders converted from accepted quotes, followed through the fulfilment process and invoiced.',
  },
  orderDetail: {
    title: 'Order',
    description: 'Recipient, items, notes and totals of this order.',
  },
  invoices: {
    title: 'Invoices',
    description: 'Invoices created from orders, with payment tracking: Unpaid, Paid or Cancelled.',
  },
  invoiceDetail: {
    title: 'Invoice',
    description: 'Customer, contact, items and totals of this invoice, and its payment status.',
  },
  settingsTenant: {
    title: 'Company',
    description:
      'Your company name as customers see it, plus the company ID, schema name and creation date.',
  },
  settingsCurrencies: {
    title: 'Currencies',
    description:
      'The currencies you quote in, each with its symbol, tax rate and dollar exchange rate; one is the default.',
  },
  settingsUsers: {
    title: 'Users',
    description: 'Invite colleagues by email, make them administrators, or remove their access.',
  },
} satisfies Record<string, SectionInfo>;

export type SectionKey = keyof typeof SECTIONS;
