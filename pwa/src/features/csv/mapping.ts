/** What can be imported. */
export type ImportKind = 'customers' | 'contacts' | 'products';

export const IMPORT_KINDS: ImportKind[] = ['customers', 'contacts', 'products'];

/** One field a column can go to, with the header words that usually mean it. */
export interface ImportField {
  key: string;
  label: string;
  required?: boolean;
  /** Normalised header names (lower case, letters and digits only) that mean this field. */
  aliases: string[];
}

/** Header words → field, per kind, in the order the mapping step shows them. */
export const IMPORT_FIELDS: Record<ImportKind, ImportField[]> = {
  customers: [
    {
      key: 'name',
      label: 'Company name',
      required: true,
      aliases: [
        'name',
        'company',
        'companyname',
        'customer',
        'customername',
        'organization',
        'organisation',
        'organizationname',
        'account',
        'accountname',
        'business',
        'client',
        'clientname',
        'firma',
        'societe',
        'raisonsociale',
        'displayname',
      ],
    },
    {
      key: 'email',
      label: 'Company email',
      required: true,
      aliases: [
        'email',
        'emailaddress',
        'companyemail',
        'customeremail',
        'mail',
        'email1',
        'primaryemail',
        'businessemail',
        'accountemail',
        'courriel',
      ],
    },
    {
      key: 'phoneNumber',
      label: 'Company phone',
      aliases: [
        'phone',
        'phonenumber',
        'phone1',
        'telephone',
        'tel',
        'companyphone',
        'businessphone',
        'mainphone',
        'workphone',
        'office',
        'officephone',
      ],
    },
    {
      key: 'address',
      label: 'Address',
      aliases: [
        'address',
        'address1',
        'addressline1',
        'street',
        'streetaddress',
        'billingaddress',
        'billingstreet',
        'businessstreet',
        'adresse',
        'line1',
      ],
    },
    {
      key: 'address2',
      label: 'Address line 2',
      aliases: [
        'address2',
        'addressline2',
        'street2',
        'line2',
        'city',
        'billingcity',
        'businesscity',
        'cityzip',
        'postcodecity',
        'ville',
      ],
    },
    {
      key: 'mainContactName',
      label: 'Main contact name',
      aliases: [
        'contact',
        'contactname',
        'maincontact',
        'maincontactname',
        'contactperson',
        'primarycontact',
        'primarycontactname',
        'fullname',
        'person',
      ],
    },
    {
      key: 'mainContactEmail',
      label: 'Main contact email',
      aliases: [
        'contactemail',
        'maincontactemail',
        'contactemailaddress',
        'primarycontactemail',
        'personemail',
        'email2',
      ],
    },
    {
      key: 'mainContactPhoneNumber',
      label: 'Main contact phone',
      aliases: [
        'contactphone',
        'maincontactphone',
        'contactphonenumber',
        'mobile',
        'mobilephone',
        'cell',
        'cellphone',
        'phone2',
        'primarycontactphone',
      ],
    },
  ],
  contacts: [
    {
      key: 'customer',
      label: 'Customer (name or email)',
      required: true,
      aliases: [
        'customer',
        'company',
        'companyname',
        'customername',
        'organization',
        'organisation',
        'account',
        'accountname',
        'client',
        'customeremail',
        'companyemail',
        'employer',
      ],
    },
    {
      key: 'name',
      label: 'Name',
      required: true,
      aliases: ['name', 'contact', 'contactname', 'fullname', 'person', 'displayname'],
    },
    {
      key: 'email',
      label: 'Email',
      required: true,
      aliases: [
        'email',
        'emailaddress',
        'contactemail',
        'mail',
        'email1',
        'primaryemail',
        'workemail',
      ],
    },
    {
      key: 'phoneNumber',
      label: 'Phone',
      aliases: [
        'phone',
        'phonenumber',
        'phone1',
        'telephone',
        'tel',
        'mobile',
        'mobilephone',
        'workphone',
        'businessphone',
        'cell',
      ],
    },
    {
      key: 'role',
      label: 'Role',
      aliases: ['role', 'title', 'jobtitle', 'position', 'function'],
    },
  ],
  products: [
    {
      key: 'name',
      label: 'Product name',
      required: true,
      aliases: [
        'name',
        'product',
        'productname',
        'item',
        'itemname',
        'title',
        'article',
        'designation',
      ],
    },
    {
      key: 'sku',
      label: 'SKU',
      aliases: [
        'sku',
        'code',
        'productcode',
        'itemcode',
        'reference',
        'ref',
        'partnumber',
        'articlenumber',
        'itemnumber',
        'productid',
      ],
    },
    {
      key: 'price',
      label: 'Price',
      aliases: [
        'price',
        'unitprice',
        'saleprice',
        'salesprice',
        'sellingprice',
        'rate',
        'listprice',
        'prix',
        'prixunitaire',
        'amount',
      ],
    },
    {
      key: 'currencyCode',
      label: 'Currency code',
      aliases: ['currency', 'currencycode', 'ccy', 'devise'],
    },
    {
      key: 'cost',
      label: 'Cost',
      aliases: ['cost', 'unitcost', 'costprice', 'purchaseprice', 'buyprice'],
    },
    {
      key: 'stock',
      label: 'Stock',
      aliases: ['stock', 'quantity', 'qty', 'onhand', 'quantityonhand', 'instock', 'inventory'],
    },
    {
      key: 'category',
      label: 'Category',
      aliases: ['category', 'productcategory', 'group', 'type', 'family'],
    },
    {
      key: 'supplier',
      label: 'Supplier',
      aliases: ['supplier', 'vendor', 'manufacturer', 'brand', 'preferredvendor'],
    },
    {
      key: 'description',
      label: 'Description',
      aliases: [
        'description',
        'notes',
        'details',
        'productdescription',
        'salesdescription',
        'longdescription',
      ],
    },
  ],
};

/** Field key → column index (or absent: not imported). */
export type ColumnMapping = Record<string, number | undefined>;

/** "E-mail Address" → "emailaddress"; accents dropped ("Société" → "societe"). */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Guesses which column feeds each field from the header row: an exact alias first, then a
 * header that contains an alias (longest alias wins). A column feeds at most one field.
 */
export function guessMapping(kind: ImportKind, headers: string[]): ColumnMapping {
  const normalised = headers.map(normaliseHeader);
  const used = new Set<number>();
  const mapping: ColumnMapping = {};
  const fields = IMPORT_FIELDS[kind];
  for (const field of fields) {
    const index = normalised.findIndex((h, i) => !used.has(i) && field.aliases.includes(h));
    if (index >= 0) {
      mapping[field.key] = index;
      used.add(index);
    }
  }
  for (const field of fields) {
    if (mapping[field.key] !== undefined) continue;
    let best = -1;
    let bestLength = 0;
    normalised.forEach((h, i) => {
      if (used.has(i) || !h) return;
      for (const alias of field.aliases)
        if (alias.length >= 4 && h.includes(alias) && alias.length > bestLength) {
          best = i;
          bestLength = alias.length;
        }
    });
    if (best >= 0) {
      mapping[field.key] = best;
      used.add(best);
    }
  }
  return mapping;
}
