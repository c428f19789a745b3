/** What can be imported. */
import type { ImportKind } from '../../components/list/ImportCsvButton';

export type { ImportKind };

export const IMPORT_KINDS: ImportKind[] = ['customers', 'contacts', 'products'];

/** What a column of a field holds, to score candidate columns by their values. */
export type FieldType = 'text' | 'email' | 'phone' | 'money' | 'number' | 'code';

/** One field a column can go to, with the header words that usually mean it. */
export interface ImportField {
  key: string;
  label: string;
  required?: boolean;
  type?: FieldType;
  /** Normalised header names (lower case, letters and digits only), best first. */
  aliases: string[];
}

const words = (list: string) => list.split(' ');

/** Header words → field, per kind, in the order the mapping step shows them. */
export const IMPORT_FIELDS: Record<ImportKind, ImportField[]> = {
  customers: [
    {
      key: 'name',
      label: 'Company name',
      required: true,
      aliases: words(
        'companyname name company customer customername organization organisation organizationname account accountname business businessname client clientname firma societe raisonsociale displayname',
      ),
    },
    {
      key: 'email',
      label: 'Company email',
      required: true,
      type: 'email',
      aliases: words(
        'companyemail email emailaddress customeremail mail email1 primaryemail businessemail accountemail courriel emailid',
      ),
    },
    {
      key: 'phoneNumber',
      label: 'Company phone',
      type: 'phone',
      aliases: words(
        'companyphone phone phonenumber phone1 telephone tel businessphone mainphone workphone office officephone phonenumbers',
      ),
    },
    {
      key: 'address',
      label: 'Address',
      aliases: words(
        'address address1 addressline1 street streetaddress street1 billingaddress billingstreet businessstreet adresse line1',
      ),
    },
    {
      key: 'address2',
      label: 'Address line 2',
      aliases: words('addressline2 address2 street2 line2 streetaddress2'),
    },
    {
      key: 'postcode',
      label: 'Postcode',
      aliases: words(
        'postcode postalcode zip zipcode postcodezip billingcode billingzip plz codepostal',
      ),
    },
    {
      key: 'city',
      label: 'City',
      aliases: words('city town billingcity businesscity cityzip postcodecity ville ort'),
    },
    {
      key: 'region',
      label: 'Region',
      aliases: words('region state stateregion province county billingstate businessstate'),
    },
    {
      key: 'country',
      label: 'Country',
      aliases: words('country countryregion billingcountry businesscountryregion pays land'),
    },
    {
      key: 'paymentTerms',
      label: 'Payment terms',
      aliases: words('paymentterms terms paymenttermslabel'),
    },
    {
      key: 'mainContactName',
      label: 'Main contact name',
      aliases: words(
        'maincontactname contactname contact maincontact contactperson primarycontact primarycontactname fullname person',
      ),
    },
    {
      key: 'mainContactFirstName',
      label: 'Main contact first name',
      aliases: words('firstname givenname contactfirstname forename prenom vorname'),
    },
    {
      key: 'mainContactLastName',
      label: 'Main contact last name',
      aliases: words('lastname surname familyname contactlastname nom nachname'),
    },
    {
      key: 'mainContactEmail',
      label: 'Main contact email',
      type: 'email',
      aliases: words(
        'maincontactemail contactemail contactemailaddress primarycontactemail personemail email2',
      ),
    },
    {
      key: 'mainContactPhoneNumber',
      label: 'Main contact phone',
      type: 'phone',
      aliases: words(
        'maincontactphone contactphone contactphonenumber mobile mobilephone mobilenumber cell cellphone phone2 primarycontactphone',
      ),
    },
  ],
  contacts: [
    {
      key: 'customer',
      label: 'Customer (name or email)',
      required: true,
      aliases: words(
        'customer company companyname customername organization organisation organizationname account accountname client customeremail companyemail employer',
      ),
    },
    {
      key: 'name',
      label: 'Name',
      required: true,
      aliases: words('name contact contactname fullname person displayname'),
    },
    {
      key: 'firstName',
      label: 'First name',
      aliases: words('firstname givenname forename prenom vorname'),
    },
    {
      key: 'lastName',
      label: 'Last name',
      aliases: words('lastname surname familyname nom nachname'),
    },
    {
      key: 'email',
      label: 'Email',
      required: true,
      type: 'email',
      aliases: words('email emailaddress contactemail mail email1 primaryemail workemail'),
    },
    {
      key: 'phoneNumber',
      label: 'Phone',
      type: 'phone',
      aliases: words(
        'phone phonenumber phone1 telephone tel mobile mobilephone workphone businessphone cell',
      ),
    },
    {
      key: 'role',
      label: 'Role',
      aliases: words('role jobtitle title position function'),
    },
  ],
  products: [
    {
      key: 'name',
      label: 'Product name',
      required: true,
      aliases: words('productname name product item itemname title article designation'),
    },
    {
      key: 'sku',
      label: 'SKU',
      type: 'code',
      aliases: words(
        'sku variantsku code productcode itemcode reference ref partnumber articlenumber itemnumber productid',
      ),
    },
    {
      key: 'price',
      label: 'Price',
      type: 'money',
      aliases: words(
        'price unitprice regularprice salesprice sellingprice listprice rate saleprice prix prixunitaire amount variantprice',
      ),
    },
    {
      key: 'currencyCode',
      label: 'Currency code',
      aliases: words('currencycode currency ccy devise'),
    },
    {
      key: 'cost',
      label: 'Cost',
      type: 'money',
      aliases: words('cost unitcost costprice purchaseprice buyprice costperitem'),
    },
    {
      key: 'stock',
      label: 'Stock',
      type: 'number',
      aliases: words(
        'stock quantity qty onhand quantityonhand inventory inventoryquantity stockquantity',
      ),
    },
    {
      key: 'category',
      label: 'Category',
      aliases: words('category categories productcategory group family type'),
    },
    {
      key: 'supplier',
      label: 'Supplier',
      aliases: words('supplier vendor manufacturer brand preferredvendor'),
    },
    {
      key: 'description',
      label: 'Description',
      aliases: words(
        'description notes details productdescription salesdescription longdescription',
      ),
    },
  ],
};

const storedColumns = (kind: ImportKind, keys: string[]) =>
  keys.map((key) => ({ key, label: fieldLabel(kind, key) }));

/**
 * The stored fields the preview shows, per kind, with their labels: the import fields but those
 * folded into another (an address's city, a name's first and last part).
 */
export const STORED_COLUMNS: Record<ImportKind, { key: string; label: string }[]> = {
  customers: storedColumns('customers', [
    ...['name', 'email', 'phoneNumber', 'address', 'address2', 'paymentTerms'],
    ...['mainContactName', 'mainContactEmail', 'mainContactPhoneNumber'],
  ]),
  contacts: storedColumns('contacts', ['customer', 'name', 'email', 'phoneNumber', 'role']),
  products: IMPORT_FIELDS.products.map(({ key, label }) => ({ key, label })),
};

/** A field's label, for messages and the export's headers. */
export function fieldLabel(kind: ImportKind, key: string): string {
  return IMPORT_FIELDS[kind].find((f) => f.key === key)?.label ?? key;
}
