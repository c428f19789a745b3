-- The bench's example tenant migration (issue 38.2; bench/many-tenants.ts), never applied by the
-- server: a column and an index on the invoices table, as a real feature migration would add.
ALTER TABLE invoices ADD COLUMN external_reference text;
CREATE INDEX invoices_external_reference_idx ON invoices (external_reference);
