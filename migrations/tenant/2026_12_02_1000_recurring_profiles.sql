-- Recurring invoices: a profile per customer that invoices itself on a schedule (shared-types
-- recurrence.ts computes the dates from the start date, the frequency and the anchor).
CREATE TABLE recurring_profiles (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE RESTRICT,
  contact_id uuid REFERENCES contacts (id) ON DELETE SET NULL,
  currency_code char(3) NOT NULL,
  prices_include_tax boolean NOT NULL DEFAULT false,
  notes text NOT NULL DEFAULT '',
  -- NULL: the customer's terms (or the company's) when the invoice is made.
  payment_terms text,
  start_date date NOT NULL,
  frequency_unit text NOT NULL CHECK (frequency_unit IN ('week', 'month', 'year')),
  frequency_every integer NOT NULL CHECK (frequency_every BETWEEN 1 AND 99),
  -- NULL: anchored to the start date; '1'…'31' or 'last': a fixed day of the month.
  anchor_day text CHECK (anchor_day ~ '^([1-9]|[12][0-9]|3[01]|last)$'),
  end_kind text NOT NULL DEFAULT 'never' CHECK (end_kind IN ('never', 'after', 'on')),
  end_count integer CHECK (end_count BETWEEN 1 AND 999),
  end_date date,
  mode text NOT NULL DEFAULT 'draft' CHECK (mode IN ('draft', 'issue-and-mail')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
  skip_next boolean NOT NULL DEFAULT false,
  -- The next period not yet invoiced (or skipped), counted over the profile's life; 0 = the first.
  next_index integer NOT NULL DEFAULT 0 CHECK (next_index >= 0),
  -- The period the current schedule's start date is: a schedule edited after invoices were made
  -- starts again from its (new) start date, and its periods keep counting from here.
  schedule_base integer NOT NULL DEFAULT 0 CHECK (schedule_base >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recurring_profiles_customer_idx ON recurring_profiles (customer_id);
CREATE INDEX recurring_profiles_version_idx ON recurring_profiles (version);
CREATE INDEX recurring_profiles_active_idx ON recurring_profiles (status) WHERE status = 'active';

-- The profile's lines, stored like every document's; one_off lines go on the next invoice only.
CREATE TABLE recurring_profile_lines (
  id uuid PRIMARY KEY,
  recurring_profile_id uuid NOT NULL REFERENCES recurring_profiles (id) ON DELETE CASCADE,
  one_off boolean NOT NULL DEFAULT false,
  product_id uuid REFERENCES products (id) ON DELETE SET NULL,
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
CREATE INDEX recurring_profile_lines_profile_idx
  ON recurring_profile_lines (recurring_profile_id, position);

-- One row per period a profile dealt with (invoiced or skipped). The primary key makes each period
-- happen once whatever runs it: a second runner's claim finds the row and does nothing.
CREATE TABLE recurring_runs (
  recurring_profile_id uuid NOT NULL REFERENCES recurring_profiles (id) ON DELETE CASCADE,
  period_index integer NOT NULL,
  invoice_id uuid REFERENCES invoices (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (recurring_profile_id, period_index)
);

-- A generated invoice has no order; it names its profile and period (NULL period: invoiced now,
-- out of cycle). The profile may be deleted later: the invoice stays, the link goes.
ALTER TABLE invoices ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE invoices ADD COLUMN recurring_profile_id uuid
  REFERENCES recurring_profiles (id) ON DELETE SET NULL;
ALTER TABLE invoices ADD COLUMN period_index integer;
ALTER TABLE invoices ADD CONSTRAINT invoices_recurring_period_key
  UNIQUE (recurring_profile_id, period_index);

-- Every invoice gained fields: one new version, so devices pull them again.
UPDATE sync_state SET version = version + 1;
UPDATE invoices SET version = (SELECT version FROM sync_state), updated_at = now();
