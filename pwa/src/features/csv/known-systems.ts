import type { ImportKind } from './fields';

/**
 * The exports people arrive with: each system's header set (from its published export format or
 * import template) and the exact mapping of its columns to ours. A header ending in `*` matches
 * any header starting with it (Square's "Current Quantity <location>").
 */
export type VariantLayout = 'shopify' | 'woocommerce' | 'square';

type FieldColumns = Record<string, string | string[]>;

export interface KnownSystem {
  id: string;
  name: string;
  /** Headers that are all present in this system's export (and together in no other). */
  signature: string[];
  maps: Partial<Record<ImportKind, FieldColumns>>;
  /** Products with variants spread over several rows. */
  variants?: VariantLayout;
}

/** An address's columns: street, second line(s), city, region, postcode, country. */
const place = (
  address: string,
  address2: string | string[],
  city: string,
  region: string,
  postcode: string,
  country: string,
) => ({ address, address2, city, region, postcode, country });

/** A person's fields, as most contact exports give them. */
const person = (first: string, last: string, email: string, phone: string) => ({
  mainContactFirstName: first,
  mainContactLastName: last,
  mainContactEmail: email,
  mainContactPhoneNumber: phone,
});
const contact = (
  customer: string,
  first: string,
  last: string,
  email: string,
  phone: string,
  role: string,
) => ({
  customer,
  firstName: first,
  lastName: last,
  email,
  phoneNumber: phone,
  role,
});

export const KNOWN_SYSTEMS: KnownSystem[] = [
  {
    id: 'xero',
    name: 'Xero',
    signature: ['ContactName', 'EmailAddress', 'POAddressLine1', 'SAAddressLine1'],
    maps: {
      customers: {
        name: 'ContactName',
        email: 'EmailAddress',
        phoneNumber: 'PhoneNumber',
        ...place(
          'POAddressLine1',
          ['POAddressLine2', 'POAddressLine3', 'POAddressLine4'],
          'POCity',
          'PORegion',
          'POPostalCode',
          'POCountry',
        ),
        ...person('FirstName', 'LastName', 'EmailAddress', 'MobileNumber'),
      },
      contacts: contact('ContactName', 'FirstName', 'LastName', 'EmailAddress', 'MobileNumber', ''),
    },
  },
  {
    id: 'quickbooks-online',
    name: 'QuickBooks Online',
    signature: ['Customer', 'Phone Numbers', 'Email', 'Full Name', 'Billing Address'],
    maps: {
      customers: {
        name: 'Customer',
        email: 'Email',
        phoneNumber: 'Phone Numbers',
        address: 'Billing Address',
        mainContactName: 'Full Name',
        mainContactEmail: 'Email',
      },
    },
  },
  {
    id: 'quickbooks-desktop',
    name: 'QuickBooks Desktop',
    signature: ['Customer', 'Main Email', 'Main Phone', 'Bill to 1', 'Primary Contact'],
    maps: {
      customers: {
        name: 'Customer',
        email: 'Main Email',
        phoneNumber: 'Main Phone',
        address: 'Bill to 1',
        address2: ['Bill to 2', 'Bill to 3', 'Bill to 4', 'Bill to 5'],
        paymentTerms: 'Terms',
        mainContactName: 'Primary Contact',
        mainContactEmail: 'Main Email',
        mainContactPhoneNumber: 'Alt. Phone',
      },
    },
  },
  {
    id: 'hubspot',
    name: 'HubSpot',
    signature: ['Record ID', 'First Name', 'Last Name', 'Email', 'Contact owner'],
    maps: {
      customers: {
        name: 'Company Name',
        email: 'Email',
        phoneNumber: 'Phone Number',
        ...place('Street Address', '', 'City', 'State/Region', 'Postal Code', 'Country/Region'),
        ...person('First Name', 'Last Name', 'Email', 'Mobile Phone Number'),
      },
      contacts: contact(
        'Company Name',
        'First Name',
        'Last Name',
        'Email',
        'Phone Number',
        'Job Title',
      ),
    },
  },
  {
    id: 'zoho-books',
    name: 'Zoho Books',
    signature: ['Display Name', 'EmailID', 'Billing Code', 'Customer Sub Type'],
    maps: {},
  },
  {
    id: 'zoho-invoice',
    name: 'Zoho Invoice',
    signature: ['Display Name', 'EmailID', 'Billing Code'],
    maps: {},
  },
  {
    id: 'zoho-crm',
    name: 'Zoho CRM',
    signature: [
      'Record Id',
      'Contact Owner',
      'Account Name',
      'Mailing Street',
      'Mailing City',
      'Mailing Zip',
    ],
    maps: {
      customers: {
        name: 'Account Name',
        email: 'Email',
        phoneNumber: 'Phone',
        ...place(
          'Mailing Street',
          '',
          'Mailing City',
          'Mailing State',
          'Mailing Zip',
          'Mailing Country',
        ),
        ...person('First Name', 'Last Name', 'Email', 'Mobile'),
      },
      contacts: contact('Account Name', 'First Name', 'Last Name', 'Email', 'Phone', 'Title'),
    },
  },
  {
    id: 'invoice-ninja',
    name: 'Invoice Ninja',
    signature: ['Name', 'ID Number', 'VAT Number', 'Paid to Date', 'Contact Email'],
    maps: {
      customers: {
        name: 'Name',
        email: 'Contact Email',
        phoneNumber: 'Phone',
        ...place('Address 1', 'Address 2', 'City', 'State', 'Postal Code', 'Country'),
        ...person('Contact First Name', 'Contact Last Name', 'Contact Email', 'Contact Phone'),
      },
    },
  },
  {
    id: 'stripe',
    name: 'Stripe',
    signature: ['id', 'Description', 'Email', 'Name', 'Created (UTC)', 'Delinquent'],
    maps: {
      customers: {
        name: 'Name',
        email: 'Email',
        phoneNumber: 'Phone',
        ...place(
          'Address Line1',
          'Address Line2',
          'Address City',
          'Address State',
          'Address Zip',
          'Address Country',
        ),
      },
    },
  },
  {
    id: 'square-customers',
    name: 'Square',
    signature: ['Reference ID', 'First Name', 'Last Name', 'Email Address', 'Square Customer ID'],
    maps: {
      customers: {
        name: 'Company Name',
        email: 'Email Address',
        phoneNumber: 'Phone Number',
        ...place('Street Address 1', 'Street Address 2', 'City', 'State', 'Postal Code', ''),
        ...person('First Name', 'Last Name', 'Email Address', ''),
      },
    },
  },
  {
    id: 'outlook',
    name: 'Outlook',
    signature: ['First Name', 'Last Name', 'E-mail Address', 'Business Street', 'Business City'],
    maps: {
      customers: {
        name: 'Company',
        email: 'E-mail Address',
        phoneNumber: 'Business Phone',
        ...place(
          'Business Street',
          '',
          'Business City',
          'Business State',
          'Business Postal Code',
          'Business Country/Region',
        ),
        ...person('First Name', 'Last Name', 'E-mail Address', 'Mobile Phone'),
      },
      contacts: contact(
        'Company',
        'First Name',
        'Last Name',
        'E-mail Address',
        'Business Phone',
        'Job Title',
      ),
    },
  },
  {
    id: 'google',
    name: 'Google Contacts',
    signature: ['First Name', 'Last Name', 'Organization Name', 'E-mail 1 - Value'],
    maps: {
      customers: {
        name: 'Organization Name',
        email: 'E-mail 1 - Value',
        phoneNumber: 'Phone 1 - Value',
        ...place(
          'Address 1 - Street',
          'Address 1 - Extended Address',
          'Address 1 - City',
          'Address 1 - Region',
          'Address 1 - Postal Code',
          'Address 1 - Country',
        ),
        ...person('First Name', 'Last Name', 'E-mail 1 - Value', 'Phone 2 - Value'),
      },
      contacts: contact(
        'Organization Name',
        'First Name',
        'Last Name',
        'E-mail 1 - Value',
        'Phone 1 - Value',
        'Organization Title',
      ),
    },
  },
  {
    id: 'shopify',
    name: 'Shopify',
    signature: ['Handle', 'Title', 'Body (HTML)', 'Variant SKU', 'Variant Price'],
    variants: 'shopify',
    maps: {
      products: {
        name: 'Title',
        sku: 'Variant SKU',
        price: 'Variant Price',
        cost: 'Cost per item',
        stock: 'Variant Inventory Qty',
        category: 'Type',
        supplier: 'Vendor',
        description: 'Body (HTML)',
      },
    },
  },
  {
    id: 'shopify-2024',
    name: 'Shopify',
    signature: ['URL handle', 'Title', 'Description', 'SKU', 'Price', 'Option1 name'],
    variants: 'shopify',
    maps: {
      products: {
        name: 'Title',
        sku: 'SKU',
        price: 'Price',
        cost: 'Cost per item',
        stock: 'Inventory quantity',
        category: 'Type',
        supplier: 'Vendor',
        description: 'Description',
      },
    },
  },
  {
    id: 'woocommerce',
    name: 'WooCommerce',
    signature: ['ID', 'Type', 'SKU', 'Name', 'Regular price', 'Sale price', 'Parent'],
    variants: 'woocommerce',
    maps: {
      products: {
        name: 'Name',
        sku: 'SKU',
        price: 'Regular price',
        stock: 'Stock',
        category: 'Categories',
        description: 'Description',
      },
    },
  },
  {
    id: 'square-items',
    name: 'Square',
    signature: ['Token', 'Item Name', 'Variation Name', 'SKU', 'Price'],
    variants: 'square',
    maps: {
      products: {
        name: 'Item Name',
        sku: 'SKU',
        price: 'Price',
        cost: 'Default Unit Cost',
        stock: 'Current Quantity *',
        category: 'Category',
        supplier: 'Default Vendor Name',
        description: 'Description',
      },
    },
  },
];

/** Zoho Books and Zoho Invoice export contacts in the same layout. */
const ZOHO_CUSTOMERS: FieldColumns = {
  name: 'Display Name',
  email: 'EmailID',
  phoneNumber: 'Phone',
  ...place(
    'Billing Address',
    'Billing Street2',
    'Billing City',
    'Billing State',
    'Billing Code',
    'Billing Country',
  ),
  paymentTerms: 'Payment Terms Label',
  ...person('First Name', 'Last Name', 'EmailID', 'MobilePhone'),
};
for (const system of KNOWN_SYSTEMS)
  if (system.id.startsWith('zoho-') && system.id !== 'zoho-crm')
    system.maps.customers = ZOHO_CUSTOMERS;
