-- Getting paid (issue 19): payment terms (tenant default and per customer), invoice issue and due
-- dates, payments, and the amount paid kept on the invoice (its balance is total − amount_paid).

CREATE TABLE billing_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  default_payment_terms text NOT NULL DEFAULT 'net_30'
    CHECK (default_payment_terms IN ('due_on_receipt', 'net_7', 'net_14', 'net_30', 'net_60'))
);
INSERT INTO billing_settings (id) VALUES (true);

-- NULL: the tenant's default applies.
ALTER TABLE customers ADD COLUMN payment_terms text
  CHECK (payment_terms IN ('due_on_receipt', 'net_7', 'net_14', 'net_30', 'net_60'));

ALTER TABLE invoices
  ADD COLUMN issue_date date,
  ADD COLUMN due_date date,
  ADD COLUMN payment_terms text,
  ADD COLUMN amount_paid numeric(14, 2) NOT NULL DEFAULT 0;

-- Existing invoices: issued the day they were made, on the default terms (Net 30).
UPDATE invoices
SET issue_date = (created_at AT TIME ZONE 'UTC')::date,
    due_date = (created_at AT TIME ZONE 'UTC')::date + 30,
    payment_terms = 'net_30';

-- Defaults for writers that do not name them yet (the service always does).
ALTER TABLE invoices
  ALTER COLUMN issue_date SET DEFAULT CURRENT_DATE,
  ALTER COLUMN due_date SET DEFAULT CURRENT_DATE + 30,
  ALTER COLUMN payment_terms SET DEFAULT 'net_30',
  ALTER COLUMN issue_date SET NOT NULL,
  ALTER COLUMN due_date SET NOT NULL,
  ALTER COLUMN payment_terms SET NOT NULL,
  ADD CONSTRAINT invoices_payment_terms_check
    CHECK (payment_terms IN ('due_on_receipt', 'net_7', 'net_14', 'net_30', 'net_60')),
  ADD CONSTRAINT invoices_due_after_issue CHECK (due_date >= issue_date),
  ADD CONSTRAINT invoices_amount_paid_check CHECK (amount_paid >= 0 AND amount_paid <= total);
CREATE INDEX invoices_due_idx ON invoices (due_date, id);

CREATE TABLE payments (
  id uuid PRIMARY KEY,
  invoice_id uuid NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  paid_on date NOT NULL,
  method text NOT NULL CHECK (method IN ('bank_transfer', 'card', 'cash', 'cheque', 'other')),
  reference text,
  note text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_invoice_idx ON payments (invoice_id, paid_on, id);
CREATE INDEX payments_version_idx ON payments (version);

-- Invoices marked Paid before payments existed keep their money straight: one payment of the total,
-- dated the day they were marked paid.
INSERT INTO payments (id, invoice_id, amount, paid_on, method, note, version, updated_at)
SELECT md5('legacy-payment:' || id::text)::uuid, id, total,
       (coalesce(paid_at, updated_at) AT TIME ZONE 'UTC')::date, 'other',
       'Recorded as paid before payments were tracked', version, updated_at
FROM invoices
WHERE status = 'Paid' AND total > 0;
UPDATE invoices SET amount_paid = total WHERE status = 'Paid';

-- Every invoice changed shape: one new version for all of them (and the payments above), so
-- devices pull them again with their dates, terms and amounts.
UPDATE sync_state SET version = version + 1;
UPDATE invoices SET version = (SELECT version FROM sync_state), updated_at = now();
UPDATE payments SET version = (SELECT version FROM sync_state);
