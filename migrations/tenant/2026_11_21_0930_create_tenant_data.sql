-- One tenant's business data. Applied once per tenant schema; never qualifies a schema.
-- Every synced row carries `version` (from sync_state) and `updated_at`.

CREATE TABLE sync_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO sync_state (id, version) VALUES (true, 0);

CREATE TABLE counters (
  name text PRIMARY KEY,
  value integer NOT NULL DEFAULT 0
);
INSERT INTO counters (name, value) VALUES ('quote', 0), ('order', 0), ('invoice', 0);

CREATE TABLE currencies (
  id uuid PRIMARY KEY,
  code char(3) NOT NULL UNIQUE,
  name text NOT NULL,
  symbol text NOT NULL,
  tax_rate numeric(6, 3) NOT NULL DEFAULT 0,
  dollar_exchange_rate numeric(14, 4) NOT NULL DEFAULT 1,
  is_default boolean NOT NULL DEFAULT false,
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX currencies_one_default ON currencies (is_default) WHERE is_default;

CREATE TABLE customers (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  phone_number text,
  address text,
  address2 text,
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customers_name_idx ON customers (lower(name), id);

CREATE TABLE contacts (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL,
  phone_number text,
  role text,
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contacts_customer_idx ON contacts (customer_id);

CREATE TABLE products (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  sku text,
  price numeric(14, 2) NOT NULL DEFAULT 0,
  currency_code char(3) NOT NULL,
  cost numeric(14, 2),
  stock integer,
  category text,
  supplier text,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_currency_idx ON products (currency_code);

CREATE TABLE quotes (
  id uuid PRIMARY KEY,
  quote_number text NOT NULL UNIQUE,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  contact_id uuid REFERENCES contacts (id) ON DELETE SET NULL,
  currency_code char(3) NOT NULL,
  status text NOT NULL DEFAULT 'Draft',
  notes text NOT NULL DEFAULT '',
  subtotal numeric(14, 2) NOT NULL DEFAULT 0,
  tax_rate numeric(6, 3) NOT NULL DEFAULT 0,
  tax_amount numeric(14, 2) NOT NULL DEFAULT 0,
  total numeric(14, 2) NOT NULL DEFAULT 0,
  access_token text,
  viewed_at timestamptz,
  accepted_at timestamptz,
  rejected_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quotes_customer_idx ON quotes (customer_id);
CREATE INDEX quotes_created_idx ON quotes (created_at DESC, id);
CREATE INDEX quotes_currency_idx ON quotes (currency_code);

CREATE TABLE quote_items (
  id uuid PRIMARY KEY,
  quote_id uuid NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  product_id uuid REFERENCES products (id) ON DELETE SET NULL,
  position integer NOT NULL DEFAULT 0,
  product_name text NOT NULL,
  product_sku text,
  quantity integer NOT NULL CHECK (quantity >= 1),
  unit_price numeric(14, 2) NOT NULL,
  subtotal numeric(14, 2) NOT NULL
);
CREATE INDEX quote_items_quote_idx ON quote_items (quote_id, position);

CREATE TABLE orders (
  id uuid PRIMARY KEY,
  order_number text NOT NULL UNIQUE,
  quote_id uuid UNIQUE REFERENCES quotes (id) ON DELETE SET NULL,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  contact_id uuid REFERENCES contacts (id) ON DELETE SET NULL,
  currency_code char(3) NOT NULL,
  status text NOT NULL DEFAULT 'Pending',
  notes text NOT NULL DEFAULT '',
  subtotal numeric(14, 2) NOT NULL DEFAULT 0,
  tax_rate numeric(6, 3) NOT NULL DEFAULT 10,
  tax_amount numeric(14, 2) NOT NULL DEFAULT 0,
  total numeric(14, 2) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_customer_idx ON orders (customer_id);
CREATE INDEX orders_created_idx ON orders (created_at DESC, id);
CREATE INDEX orders_currency_idx ON orders (currency_code);

CREATE TABLE order_items (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id uuid REFERENCES products (id) ON DELETE SET NULL,
  position integer NOT NULL DEFAULT 0,
  product_name text NOT NULL,
  product_sku text,
  quantity integer NOT NULL CHECK (quantity >= 1),
  unit_price numeric(14, 2) NOT NULL,
  subtotal numeric(14, 2) NOT NULL
);
CREATE INDEX order_items_order_idx ON order_items (order_id, position);

-- Invoices are legal records: a customer or order with an invoice cannot be deleted.
CREATE TABLE invoices (
  id uuid PRIMARY KEY,
  invoice_number text NOT NULL UNIQUE,
  order_id uuid NOT NULL UNIQUE REFERENCES orders (id) ON DELETE RESTRICT,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE RESTRICT,
  contact_id uuid REFERENCES contacts (id) ON DELETE SET NULL,
  customer_name text NOT NULL,
  customer_email text NOT NULL,
  contact_name text,
  contact_email text,
  contact_role text,
  currency_code char(3) NOT NULL,
  status text NOT NULL DEFAULT 'Unpaid',
  notes text NOT NULL DEFAULT '',
  subtotal numeric(14, 2) NOT NULL,
  tax_rate numeric(6, 3) NOT NULL,
  tax_amount numeric(14, 2) NOT NULL,
  total numeric(14, 2) NOT NULL,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoices_created_idx ON invoices (created_at DESC, id);

CREATE TABLE invoice_items (
  id uuid PRIMARY KEY,
  invoice_id uuid NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  product_id uuid,
  position integer NOT NULL DEFAULT 0,
  product_name text NOT NULL,
  product_sku text,
  quantity integer NOT NULL,
  unit_price numeric(14, 2) NOT NULL,
  subtotal numeric(14, 2) NOT NULL
);
CREATE INDEX invoice_items_invoice_idx ON invoice_items (invoice_id, position);

-- Deleted synced rows, so pulls can tell clients to drop them.
CREATE TABLE tombstones (
  entity text NOT NULL,
  id uuid NOT NULL,
  version bigint NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entity, id)
);
CREATE INDEX tombstones_version_idx ON tombstones (version);

-- Overwritten values kept when two writers changed the same field (DESIGN §6).
CREATE TABLE conflicts (
  id uuid PRIMARY KEY,
  entity text NOT NULL,
  entity_id uuid NOT NULL,
  field text NOT NULL,
  overwritten_value jsonb,
  winning_value jsonb,
  overwritten_by_user uuid,
  resolved boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX currencies_version_idx ON currencies (version);
CREATE INDEX customers_version_idx ON customers (version);
CREATE INDEX contacts_version_idx ON contacts (version);
CREATE INDEX products_version_idx ON products (version);
CREATE INDEX quotes_version_idx ON quotes (version);
CREATE INDEX orders_version_idx ON orders (version);
CREATE INDEX invoices_version_idx ON invoices (version);
CREATE INDEX conflicts_version_idx ON conflicts (version);
