-- Company details printed on quotes, orders and invoices (issue 18). Every field is optional: an
-- empty one is simply left out of the documents. They live on the tenant row, so the servers'
-- session cache and the sync pull carry them with the company name; the logo's bytes live in
-- their own table (one row per tenant) so no per-request lookup ever reads them.
ALTER TABLE app.tenants
  ADD COLUMN legal_name text,
  ADD COLUMN address text,
  ADD COLUMN country text,
  ADD COLUMN tax_id text,
  ADD COLUMN company_email text,
  ADD COLUMN company_phone text,
  ADD COLUMN website text,
  ADD COLUMN payment_instructions text,
  ADD COLUMN document_footer text,
  -- 'A4' or 'Letter'; null → from the country (US, CA, MX and a few others print on Letter).
  ADD COLUMN paper_size text CHECK (paper_size IN ('A4', 'Letter')),
  -- SHA-256 of the logo's bytes (hex), null without a logo: clients re-fetch the logo when it changes.
  ADD COLUMN logo_sha256 text;

CREATE TABLE app.tenant_logos (
  tenant_id uuid PRIMARY KEY REFERENCES app.tenants (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  data bytea NOT NULL CHECK (octet_length(data) <= 1048576),
  updated_at timestamptz NOT NULL DEFAULT now()
);
