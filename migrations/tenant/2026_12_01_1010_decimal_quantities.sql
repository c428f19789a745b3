-- Issue 33.4: line quantities with decimals (1.5 hours, 2.25 kg), up to 3 decimals, above 0.
-- Existing whole quantities keep their value (2 becomes 2.000, shown as 2).
ALTER TABLE quote_items DROP CONSTRAINT IF EXISTS quote_items_quantity_check;
ALTER TABLE quote_items ALTER COLUMN quantity TYPE numeric(12, 3);
ALTER TABLE quote_items ADD CONSTRAINT quote_items_quantity_check CHECK (quantity > 0);

ALTER TABLE order_items DROP CONSTRAINT IF EXISTS order_items_quantity_check;
ALTER TABLE order_items ALTER COLUMN quantity TYPE numeric(12, 3);
ALTER TABLE order_items ADD CONSTRAINT order_items_quantity_check CHECK (quantity > 0);

ALTER TABLE invoice_items ALTER COLUMN quantity TYPE numeric(12, 3);
ALTER TABLE invoice_items ADD CONSTRAINT invoice_items_quantity_check CHECK (quantity > 0);
