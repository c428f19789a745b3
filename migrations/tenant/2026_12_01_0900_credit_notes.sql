-- Credit notes (issue 33, item 7; branch `credit`). An issued invoice is corrected by crediting it:
-- in full, by chosen lines and quantities, or by an amount, with a reason. A credit note is issued
-- when it is made and never changes; it has its own gapless numbers (CN-0001, counter
-- 'credit_note'), the invoice's tax columns per line, and its totals and tax breakdown by the
-- shared arithmetic. The invoice keeps the sum credited: amount due = total − paid − credited.

INSERT INTO counters (name, value) VALUES ('credit_note', 0) ON CONFLICT (name) DO NOTHING;

ALTER TABLE invoices ADD COLUMN credited_amount numeric(14, 2) NOT NULL DEFAULT 0
  CHECK (credited_amount >= 0 AND credited_amount <= total);

CREATE TABLE credit_notes (
  id uuid PRIMARY KEY,
  credit_note_number text NOT NULL UNIQUE,
  invoice_id uuid NOT NULL REFERENCES invoices (id) ON DELETE RESTRICT,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE RESTRICT,
  customer_name text NOT NULL,
  customer_email text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('full', 'lines', 'amount')),
  reason text NOT NULL,
  currency_code char(3) NOT NULL,
  subtotal numeric(14, 2) NOT NULL,
  tax_amount numeric(14, 2) NOT NULL,
  total numeric(14, 2) NOT NULL CHECK (total > 0),
  prices_include_tax boolean NOT NULL DEFAULT false,
  adjustments jsonb NOT NULL DEFAULT '[]',
  allowance_total numeric(14, 2) NOT NULL DEFAULT 0,
  charge_total numeric(14, 2) NOT NULL DEFAULT 0,
  rounding_amount numeric(14, 2) NOT NULL DEFAULT 0,
  tax_breakdown jsonb NOT NULL DEFAULT '[]',
  refund_amount numeric(14, 2) NOT NULL DEFAULT 0,
  issue_date date NOT NULL,
  emailed_at timestamptz,
  emailed_to text,
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_notes_invoice_idx ON credit_notes (invoice_id);
CREATE INDEX credit_notes_created_idx ON credit_notes (created_at DESC, id);
CREATE INDEX credit_notes_version_idx ON credit_notes (version);

CREATE TABLE credit_note_lines (
  id uuid PRIMARY KEY,
  credit_note_id uuid NOT NULL REFERENCES credit_notes (id) ON DELETE CASCADE,
  invoice_item_id uuid REFERENCES invoice_items (id) ON DELETE RESTRICT,
  product_id uuid,
  position integer NOT NULL DEFAULT 0,
  product_name text NOT NULL,
  product_sku text,
  quantity numeric(12, 3) NOT NULL,
  unit_price numeric(14, 2) NOT NULL,
  subtotal numeric(14, 2) NOT NULL,
  tax_rate_id uuid,
  tax_category text NOT NULL DEFAULT 'S',
  tax_rate numeric(6, 3) NOT NULL DEFAULT 0,
  discount_kind text CHECK (discount_kind IN ('percent', 'amount')),
  discount_value numeric(14, 2),
  discount_amount numeric(14, 2) NOT NULL DEFAULT 0,
  description text NOT NULL DEFAULT '',
  unit_code text NOT NULL DEFAULT 'C62',
  line_total numeric(14, 2) NOT NULL DEFAULT 0
);
CREATE INDEX credit_note_lines_note_idx ON credit_note_lines (credit_note_id, position);
CREATE INDEX credit_note_lines_item_idx ON credit_note_lines (invoice_item_id);

-- A refund is a negative payment (its note names the credit note): payments may now be below
-- zero, never zero.
ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_amount_check;
ALTER TABLE payments ADD CONSTRAINT payments_amount_check CHECK (amount <> 0);

-- Every invoice gained a field: one new version, so devices pull them again.
UPDATE sync_state SET version = version + 1;
UPDATE invoices SET version = (SELECT version FROM sync_state), updated_at = now();
