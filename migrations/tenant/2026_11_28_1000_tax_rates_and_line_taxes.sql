-- Tax per line, discounts and tax rates as records (issue 33, items 1–4; branch `tax`).
-- Every existing document keeps its stored totals: each line takes its document's rate as its own
-- snapshot (category S above 0 %, Z at 0 %), its net equals its old subtotal, and the document's
-- breakdown is its one rate with the stored subtotal and tax.

CREATE TABLE tax_rates (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  rate numeric(6, 3) NOT NULL CHECK (rate >= 0 AND rate <= 100),
  category text NOT NULL CHECK (category IN ('S', 'Z', 'E', 'AE', 'K', 'G', 'O')),
  exemption_reason text CHECK (char_length(exemption_reason) <= 300),
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A product's defaults for new lines. No foreign key: deleting a rate clears it in the same
-- transaction (with a new version, so devices pull the product again).
ALTER TABLE products
  ADD COLUMN tax_rate_id uuid,
  ADD COLUMN unit_code text NOT NULL DEFAULT 'C62';

-- Lines: the rate's snapshot (tax_rate_id may name a rate deleted since), the discount, a free
-- description, the unit, and the net (quantity × price − discount). subtotal stays
-- round2(quantity × price).
ALTER TABLE quote_items
  ADD COLUMN tax_rate_id uuid,
  ADD COLUMN tax_category text NOT NULL DEFAULT 'S',
  ADD COLUMN tax_rate numeric(6, 3) NOT NULL DEFAULT 0,
  ADD COLUMN discount_kind text CHECK (discount_kind IN ('percent', 'amount')),
  ADD COLUMN discount_value numeric(14, 2),
  ADD COLUMN discount_amount numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN description text NOT NULL DEFAULT '',
  ADD COLUMN unit_code text NOT NULL DEFAULT 'C62',
  ADD COLUMN line_total numeric(14, 2) NOT NULL DEFAULT 0;
ALTER TABLE order_items
  ADD COLUMN tax_rate_id uuid,
  ADD COLUMN tax_category text NOT NULL DEFAULT 'S',
  ADD COLUMN tax_rate numeric(6, 3) NOT NULL DEFAULT 0,
  ADD COLUMN discount_kind text CHECK (discount_kind IN ('percent', 'amount')),
  ADD COLUMN discount_value numeric(14, 2),
  ADD COLUMN discount_amount numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN description text NOT NULL DEFAULT '',
  ADD COLUMN unit_code text NOT NULL DEFAULT 'C62',
  ADD COLUMN line_total numeric(14, 2) NOT NULL DEFAULT 0;
ALTER TABLE invoice_items
  ADD COLUMN tax_rate_id uuid,
  ADD COLUMN tax_category text NOT NULL DEFAULT 'S',
  ADD COLUMN tax_rate numeric(6, 3) NOT NULL DEFAULT 0,
  ADD COLUMN discount_kind text CHECK (discount_kind IN ('percent', 'amount')),
  ADD COLUMN discount_value numeric(14, 2),
  ADD COLUMN discount_amount numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN description text NOT NULL DEFAULT '',
  ADD COLUMN unit_code text NOT NULL DEFAULT 'C62',
  ADD COLUMN line_total numeric(14, 2) NOT NULL DEFAULT 0;

-- Documents: gross or net prices, allowances and charges (jsonb array of
-- {kind, reason, amount, taxRateId, taxCategory, taxRate}), their totals, the rounding that gross
-- prices may need, and the tax breakdown per category and rate (jsonb array of
-- {category, rate, taxableAmount, taxAmount}). subtotal is the sum of the line nets; total is
-- what the customer pays.
ALTER TABLE quotes
  ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT false,
  ADD COLUMN adjustments jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN allowance_total numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN charge_total numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN rounding_amount numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN tax_breakdown jsonb NOT NULL DEFAULT '[]';
ALTER TABLE orders
  ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT false,
  ADD COLUMN adjustments jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN allowance_total numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN charge_total numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN rounding_amount numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN tax_breakdown jsonb NOT NULL DEFAULT '[]';
ALTER TABLE invoices
  ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT false,
  ADD COLUMN adjustments jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN allowance_total numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN charge_total numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN rounding_amount numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN tax_breakdown jsonb NOT NULL DEFAULT '[]';

UPDATE quote_items i SET
  tax_rate = d.tax_rate,
  tax_category = CASE WHEN d.tax_rate > 0 THEN 'S' ELSE 'Z' END,
  line_total = i.subtotal
FROM quotes d WHERE d.id = i.quote_id;
UPDATE order_items i SET
  tax_rate = d.tax_rate,
  tax_category = CASE WHEN d.tax_rate > 0 THEN 'S' ELSE 'Z' END,
  line_total = i.subtotal
FROM orders d WHERE d.id = i.order_id;
UPDATE invoice_items i SET
  tax_rate = d.tax_rate,
  tax_category = CASE WHEN d.tax_rate > 0 THEN 'S' ELSE 'Z' END,
  line_total = i.subtotal
FROM invoices d WHERE d.id = i.invoice_id;

-- The breakdown's numbers as JSON numbers (as the API and the devices write them).
UPDATE quotes SET tax_breakdown = jsonb_build_array(jsonb_build_object(
  'category', CASE WHEN tax_rate > 0 THEN 'S' ELSE 'Z' END,
  'rate', (trim_scale(tax_rate))::text::jsonb,
  'taxableAmount', (trim_scale(subtotal))::text::jsonb,
  'taxAmount', (trim_scale(tax_amount))::text::jsonb))
WHERE EXISTS (SELECT 1 FROM quote_items i WHERE i.quote_id = quotes.id);
UPDATE orders SET tax_breakdown = jsonb_build_array(jsonb_build_object(
  'category', CASE WHEN tax_rate > 0 THEN 'S' ELSE 'Z' END,
  'rate', (trim_scale(tax_rate))::text::jsonb,
  'taxableAmount', (trim_scale(subtotal))::text::jsonb,
  'taxAmount', (trim_scale(tax_amount))::text::jsonb))
WHERE EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = orders.id);
UPDATE invoices SET tax_breakdown = jsonb_build_array(jsonb_build_object(
  'category', CASE WHEN tax_rate > 0 THEN 'S' ELSE 'Z' END,
  'rate', (trim_scale(tax_rate))::text::jsonb,
  'taxableAmount', (trim_scale(subtotal))::text::jsonb,
  'taxAmount', (trim_scale(tax_amount))::text::jsonb))
WHERE EXISTS (SELECT 1 FROM invoice_items i WHERE i.invoice_id = invoices.id);

-- Devices pull every document and product again, with their new fields.
UPDATE sync_state SET version = version + 1;
UPDATE products SET version = (SELECT version FROM sync_state);
UPDATE quotes SET version = (SELECT version FROM sync_state);
UPDATE orders SET version = (SELECT version FROM sync_state);
UPDATE invoices SET version = (SELECT version FROM sync_state);
