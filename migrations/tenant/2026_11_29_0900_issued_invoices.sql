-- Issued invoices never change (issue 33, item 6; branch `issued`). A new invoice is a draft until
-- it is issued (marked issued, sent, or paid); issuing freezes its content, number and date.
-- Invoices made before this existed already went out as legal records: they count as issued when
-- they were made.

ALTER TABLE invoices ADD COLUMN issued_at timestamptz;
UPDATE invoices SET issued_at = created_at;

-- Every invoice gained a field: one new version, so devices pull them again.
UPDATE sync_state SET version = version + 1;
UPDATE invoices SET version = (SELECT version FROM sync_state), updated_at = now();
