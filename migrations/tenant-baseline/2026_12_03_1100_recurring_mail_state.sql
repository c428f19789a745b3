-- Written by `npm run db:baseline`; do not edit. A new company's schema as the tenant
-- migrations up to 2026_12_03_1100_recurring_mail_state.sql leave it (sync-server/src/db/tenant-baseline.ts).

CREATE TABLE billing_settings (
    id boolean DEFAULT true NOT NULL,
    default_payment_terms text DEFAULT 'net_30'::text NOT NULL,
    reminders_enabled boolean DEFAULT true NOT NULL,
    reminder_first_days integer DEFAULT 3 NOT NULL,
    reminder_every_days integer DEFAULT 7 NOT NULL,
    reminder_max integer DEFAULT 3 NOT NULL,
    CONSTRAINT billing_settings_default_payment_terms_check CHECK ((default_payment_terms = ANY (ARRAY['due_on_receipt'::text, 'net_7'::text, 'net_14'::text, 'net_30'::text, 'net_60'::text]))),
    CONSTRAINT billing_settings_id_check CHECK (id),
    CONSTRAINT billing_settings_reminder_every_days_check CHECK (((reminder_every_days >= 1) AND (reminder_every_days <= 365))),
    CONSTRAINT billing_settings_reminder_first_days_check CHECK (((reminder_first_days >= 0) AND (reminder_first_days <= 365))),
    CONSTRAINT billing_settings_reminder_max_check CHECK (((reminder_max >= 1) AND (reminder_max <= 20)))
);

CREATE TABLE conflicts (
    id uuid NOT NULL,
    entity text NOT NULL,
    entity_id uuid NOT NULL,
    field text NOT NULL,
    overwritten_value jsonb,
    winning_value jsonb,
    overwritten_by_user uuid,
    resolved boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    overwritten_by_user_email text,
    overwritten_client_group uuid,
    overwritten_device_name text,
    overwritten_by_client_group uuid,
    overwritten_by_device_name text
);

CREATE TABLE contacts (
    id uuid NOT NULL,
    customer_id uuid NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    phone_number text,
    role text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE counters (
    name text NOT NULL,
    value integer DEFAULT 0 NOT NULL,
    period text DEFAULT ''::text NOT NULL
);

CREATE TABLE credit_note_lines (
    id uuid NOT NULL,
    credit_note_id uuid NOT NULL,
    invoice_item_id uuid,
    product_id uuid,
    "position" integer DEFAULT 0 NOT NULL,
    product_name text NOT NULL,
    product_sku text,
    quantity numeric(12,3) NOT NULL,
    unit_price numeric(14,2) NOT NULL,
    subtotal numeric(14,2) NOT NULL,
    tax_rate_id uuid,
    tax_category text DEFAULT 'S'::text NOT NULL,
    tax_rate numeric(6,3) DEFAULT 0 NOT NULL,
    discount_kind text,
    discount_value numeric(14,2),
    discount_amount numeric(14,2) DEFAULT 0 NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    unit_code text DEFAULT 'C62'::text NOT NULL,
    line_total numeric(14,2) DEFAULT 0 NOT NULL,
    CONSTRAINT credit_note_lines_discount_kind_check CHECK ((discount_kind = ANY (ARRAY['percent'::text, 'amount'::text])))
);

CREATE TABLE credit_notes (
    id uuid NOT NULL,
    credit_note_number text NOT NULL,
    invoice_id uuid NOT NULL,
    customer_id uuid NOT NULL,
    customer_name text NOT NULL,
    customer_email text NOT NULL,
    kind text NOT NULL,
    reason text NOT NULL,
    currency_code character(3) NOT NULL,
    subtotal numeric(14,2) NOT NULL,
    tax_amount numeric(14,2) NOT NULL,
    total numeric(14,2) NOT NULL,
    prices_include_tax boolean DEFAULT false NOT NULL,
    adjustments jsonb DEFAULT '[]'::jsonb NOT NULL,
    allowance_total numeric(14,2) DEFAULT 0 NOT NULL,
    charge_total numeric(14,2) DEFAULT 0 NOT NULL,
    rounding_amount numeric(14,2) DEFAULT 0 NOT NULL,
    tax_breakdown jsonb DEFAULT '[]'::jsonb NOT NULL,
    refund_amount numeric(14,2) DEFAULT 0 NOT NULL,
    issue_date date NOT NULL,
    emailed_at timestamp with time zone,
    emailed_to text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT credit_notes_kind_check CHECK ((kind = ANY (ARRAY['full'::text, 'lines'::text, 'amount'::text]))),
    CONSTRAINT credit_notes_total_check CHECK ((total > (0)::numeric))
);

CREATE TABLE currencies (
    id uuid NOT NULL,
    code character(3) NOT NULL,
    name text NOT NULL,
    symbol text NOT NULL,
    tax_rate numeric(6,3) DEFAULT 0 NOT NULL,
    dollar_exchange_rate numeric(14,4) DEFAULT 1 NOT NULL,
    is_default boolean DEFAULT false NOT NULL,
    version bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE customers (
    id uuid NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    phone_number text,
    address text,
    address2 text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    payment_terms text,
    postcode text,
    city text,
    region text,
    country text,
    vat_id text,
    registration_id text,
    electronic_address_scheme text,
    electronic_address_id text,
    iban text,
    bic text,
    buyer_reference text,
    document_language text,
    einvoice_format text,
    CONSTRAINT customers_payment_terms_check CHECK ((payment_terms = ANY (ARRAY['due_on_receipt'::text, 'net_7'::text, 'net_14'::text, 'net_30'::text, 'net_60'::text])))
);

CREATE TABLE document_mails (
    id uuid NOT NULL,
    entity text NOT NULL,
    entity_id uuid NOT NULL,
    sent_to text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE invoice_items (
    id uuid NOT NULL,
    invoice_id uuid NOT NULL,
    product_id uuid,
    "position" integer DEFAULT 0 NOT NULL,
    product_name text NOT NULL,
    product_sku text,
    quantity numeric(12,3) NOT NULL,
    unit_price numeric(14,2) NOT NULL,
    subtotal numeric(14,2) NOT NULL,
    tax_rate_id uuid,
    tax_category text DEFAULT 'S'::text NOT NULL,
    tax_rate numeric(6,3) DEFAULT 0 NOT NULL,
    discount_kind text,
    discount_value numeric(14,2),
    discount_amount numeric(14,2) DEFAULT 0 NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    unit_code text DEFAULT 'C62'::text NOT NULL,
    line_total numeric(14,2) DEFAULT 0 NOT NULL,
    CONSTRAINT invoice_items_discount_kind_check CHECK ((discount_kind = ANY (ARRAY['percent'::text, 'amount'::text]))),
    CONSTRAINT invoice_items_quantity_check CHECK ((quantity > (0)::numeric))
);

CREATE TABLE invoices (
    id uuid NOT NULL,
    invoice_number text NOT NULL,
    order_id uuid,
    customer_id uuid NOT NULL,
    contact_id uuid,
    customer_name text NOT NULL,
    customer_email text NOT NULL,
    contact_name text,
    contact_email text,
    contact_role text,
    currency_code character(3) NOT NULL,
    status text DEFAULT 'Unpaid'::text NOT NULL,
    notes text DEFAULT ''::text NOT NULL,
    subtotal numeric(14,2) NOT NULL,
    tax_rate numeric(6,3) NOT NULL,
    tax_amount numeric(14,2) NOT NULL,
    total numeric(14,2) NOT NULL,
    paid_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    issue_date date DEFAULT CURRENT_DATE NOT NULL,
    due_date date DEFAULT (CURRENT_DATE + 30) NOT NULL,
    payment_terms text DEFAULT 'net_30'::text NOT NULL,
    amount_paid numeric(14,2) DEFAULT 0 NOT NULL,
    reminders_stopped boolean DEFAULT false NOT NULL,
    reminders jsonb DEFAULT '[]'::jsonb NOT NULL,
    prices_include_tax boolean DEFAULT false NOT NULL,
    adjustments jsonb DEFAULT '[]'::jsonb NOT NULL,
    allowance_total numeric(14,2) DEFAULT 0 NOT NULL,
    charge_total numeric(14,2) DEFAULT 0 NOT NULL,
    rounding_amount numeric(14,2) DEFAULT 0 NOT NULL,
    tax_breakdown jsonb DEFAULT '[]'::jsonb NOT NULL,
    issued_at timestamp with time zone,
    emailed_at timestamp with time zone,
    emailed_to text,
    credited_amount numeric(14,2) DEFAULT 0 NOT NULL,
    recurring_profile_id uuid,
    period_index integer,
    CONSTRAINT invoices_amount_paid_check CHECK (((amount_paid >= (0)::numeric) AND (amount_paid <= total))),
    CONSTRAINT invoices_check CHECK (((credited_amount >= (0)::numeric) AND (credited_amount <= total))),
    CONSTRAINT invoices_due_after_issue CHECK ((due_date >= issue_date)),
    CONSTRAINT invoices_payment_terms_check CHECK ((payment_terms = ANY (ARRAY['due_on_receipt'::text, 'net_7'::text, 'net_14'::text, 'net_30'::text, 'net_60'::text]))),
    CONSTRAINT invoices_reminders_check CHECK ((jsonb_typeof(reminders) = 'array'::text))
);

CREATE TABLE numbering_patterns (
    kind text NOT NULL,
    pattern text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE order_items (
    id uuid NOT NULL,
    order_id uuid NOT NULL,
    product_id uuid,
    "position" integer DEFAULT 0 NOT NULL,
    product_name text NOT NULL,
    product_sku text,
    quantity numeric(12,3) NOT NULL,
    unit_price numeric(14,2) NOT NULL,
    subtotal numeric(14,2) NOT NULL,
    tax_rate_id uuid,
    tax_category text DEFAULT 'S'::text NOT NULL,
    tax_rate numeric(6,3) DEFAULT 0 NOT NULL,
    discount_kind text,
    discount_value numeric(14,2),
    discount_amount numeric(14,2) DEFAULT 0 NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    unit_code text DEFAULT 'C62'::text NOT NULL,
    line_total numeric(14,2) DEFAULT 0 NOT NULL,
    CONSTRAINT order_items_discount_kind_check CHECK ((discount_kind = ANY (ARRAY['percent'::text, 'amount'::text]))),
    CONSTRAINT order_items_quantity_check CHECK ((quantity > (0)::numeric))
);

CREATE TABLE orders (
    id uuid NOT NULL,
    order_number text NOT NULL,
    quote_id uuid,
    customer_id uuid NOT NULL,
    contact_id uuid,
    currency_code character(3) NOT NULL,
    status text DEFAULT 'Pending'::text NOT NULL,
    notes text DEFAULT ''::text NOT NULL,
    subtotal numeric(14,2) DEFAULT 0 NOT NULL,
    tax_rate numeric(6,3) DEFAULT 10 NOT NULL,
    tax_amount numeric(14,2) DEFAULT 0 NOT NULL,
    total numeric(14,2) DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    prices_include_tax boolean DEFAULT false NOT NULL,
    adjustments jsonb DEFAULT '[]'::jsonb NOT NULL,
    allowance_total numeric(14,2) DEFAULT 0 NOT NULL,
    charge_total numeric(14,2) DEFAULT 0 NOT NULL,
    rounding_amount numeric(14,2) DEFAULT 0 NOT NULL,
    tax_breakdown jsonb DEFAULT '[]'::jsonb NOT NULL,
    emailed_at timestamp with time zone,
    emailed_to text
);

CREATE TABLE payments (
    id uuid NOT NULL,
    invoice_id uuid NOT NULL,
    amount numeric(14,2) NOT NULL,
    paid_on date NOT NULL,
    method text NOT NULL,
    reference text,
    note text,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payments_amount_check CHECK ((amount <> (0)::numeric)),
    CONSTRAINT payments_method_check CHECK ((method = ANY (ARRAY['bank_transfer'::text, 'card'::text, 'cash'::text, 'cheque'::text, 'other'::text])))
);

CREATE TABLE products (
    id uuid NOT NULL,
    name text NOT NULL,
    sku text,
    price numeric(14,2) DEFAULT 0 NOT NULL,
    currency_code character(3) NOT NULL,
    cost numeric(14,2),
    stock integer,
    category text,
    supplier text,
    description text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    tax_rate_id uuid,
    unit_code text DEFAULT 'C62'::text NOT NULL
);

CREATE TABLE quote_items (
    id uuid NOT NULL,
    quote_id uuid NOT NULL,
    product_id uuid,
    "position" integer DEFAULT 0 NOT NULL,
    product_name text NOT NULL,
    product_sku text,
    quantity numeric(12,3) NOT NULL,
    unit_price numeric(14,2) NOT NULL,
    subtotal numeric(14,2) NOT NULL,
    tax_rate_id uuid,
    tax_category text DEFAULT 'S'::text NOT NULL,
    tax_rate numeric(6,3) DEFAULT 0 NOT NULL,
    discount_kind text,
    discount_value numeric(14,2),
    discount_amount numeric(14,2) DEFAULT 0 NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    unit_code text DEFAULT 'C62'::text NOT NULL,
    line_total numeric(14,2) DEFAULT 0 NOT NULL,
    CONSTRAINT quote_items_discount_kind_check CHECK ((discount_kind = ANY (ARRAY['percent'::text, 'amount'::text]))),
    CONSTRAINT quote_items_quantity_check CHECK ((quantity > (0)::numeric))
);

CREATE TABLE quotes (
    id uuid NOT NULL,
    quote_number text NOT NULL,
    customer_id uuid NOT NULL,
    contact_id uuid,
    currency_code character(3) NOT NULL,
    status text DEFAULT 'Draft'::text NOT NULL,
    notes text DEFAULT ''::text NOT NULL,
    subtotal numeric(14,2) DEFAULT 0 NOT NULL,
    tax_rate numeric(6,3) DEFAULT 0 NOT NULL,
    tax_amount numeric(14,2) DEFAULT 0 NOT NULL,
    total numeric(14,2) DEFAULT 0 NOT NULL,
    access_token text,
    viewed_at timestamp with time zone,
    accepted_at timestamp with time zone,
    rejected_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    valid_until date,
    last_viewed_at timestamp with time zone,
    view_count integer DEFAULT 0 NOT NULL,
    sent_by uuid,
    accepted_by_name text,
    accepted_ip text,
    rejection_reason text,
    prices_include_tax boolean DEFAULT false NOT NULL,
    adjustments jsonb DEFAULT '[]'::jsonb NOT NULL,
    allowance_total numeric(14,2) DEFAULT 0 NOT NULL,
    charge_total numeric(14,2) DEFAULT 0 NOT NULL,
    rounding_amount numeric(14,2) DEFAULT 0 NOT NULL,
    tax_breakdown jsonb DEFAULT '[]'::jsonb NOT NULL,
    CONSTRAINT quotes_accepted_by_name_check CHECK ((char_length(accepted_by_name) <= 200)),
    CONSTRAINT quotes_accepted_ip_check CHECK ((char_length(accepted_ip) <= 64)),
    CONSTRAINT quotes_rejection_reason_check CHECK ((char_length(rejection_reason) <= 1000)),
    CONSTRAINT quotes_view_count_check CHECK ((view_count >= 0))
);

CREATE TABLE recurring_profile_lines (
    id uuid NOT NULL,
    recurring_profile_id uuid NOT NULL,
    one_off boolean DEFAULT false NOT NULL,
    product_id uuid,
    "position" integer DEFAULT 0 NOT NULL,
    product_name text NOT NULL,
    product_sku text,
    quantity numeric(12,3) NOT NULL,
    unit_price numeric(14,2) NOT NULL,
    subtotal numeric(14,2) NOT NULL,
    tax_rate_id uuid,
    tax_category text DEFAULT 'S'::text NOT NULL,
    tax_rate numeric(6,3) DEFAULT 0 NOT NULL,
    discount_kind text,
    discount_value numeric(14,2),
    discount_amount numeric(14,2) DEFAULT 0 NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    unit_code text DEFAULT 'C62'::text NOT NULL,
    line_total numeric(14,2) DEFAULT 0 NOT NULL,
    CONSTRAINT recurring_profile_lines_discount_kind_check CHECK ((discount_kind = ANY (ARRAY['percent'::text, 'amount'::text])))
);

CREATE TABLE recurring_profiles (
    id uuid NOT NULL,
    customer_id uuid NOT NULL,
    contact_id uuid,
    currency_code character(3) NOT NULL,
    prices_include_tax boolean DEFAULT false NOT NULL,
    notes text DEFAULT ''::text NOT NULL,
    payment_terms text,
    start_date date NOT NULL,
    frequency_unit text NOT NULL,
    frequency_every integer NOT NULL,
    anchor_day text,
    end_kind text DEFAULT 'never'::text NOT NULL,
    end_count integer,
    end_date date,
    mode text DEFAULT 'draft'::text NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    skip_next boolean DEFAULT false NOT NULL,
    next_index integer DEFAULT 0 NOT NULL,
    schedule_base integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT recurring_profiles_anchor_day_check CHECK ((anchor_day ~ '^([1-9]|[12][0-9]|3[01]|last)$'::text)),
    CONSTRAINT recurring_profiles_end_count_check CHECK (((end_count >= 1) AND (end_count <= 999))),
    CONSTRAINT recurring_profiles_end_kind_check CHECK ((end_kind = ANY (ARRAY['never'::text, 'after'::text, 'on'::text]))),
    CONSTRAINT recurring_profiles_frequency_every_check CHECK (((frequency_every >= 1) AND (frequency_every <= 99))),
    CONSTRAINT recurring_profiles_frequency_unit_check CHECK ((frequency_unit = ANY (ARRAY['week'::text, 'month'::text, 'year'::text]))),
    CONSTRAINT recurring_profiles_mode_check CHECK ((mode = ANY (ARRAY['draft'::text, 'issue-and-mail'::text]))),
    CONSTRAINT recurring_profiles_next_index_check CHECK ((next_index >= 0)),
    CONSTRAINT recurring_profiles_schedule_base_check CHECK ((schedule_base >= 0)),
    CONSTRAINT recurring_profiles_status_check CHECK ((status = ANY (ARRAY['active'::text, 'paused'::text])))
);

CREATE TABLE recurring_runs (
    recurring_profile_id uuid NOT NULL,
    period_index integer NOT NULL,
    invoice_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    mail_state text,
    mail_attempts integer DEFAULT 0 NOT NULL,
    mail_error text,
    mail_retry_at timestamp with time zone,
    CONSTRAINT recurring_runs_mail_state_check CHECK ((mail_state = ANY (ARRAY['pending'::text, 'sending'::text, 'sent'::text, 'failed'::text])))
);

CREATE TABLE sync_client_groups (
    client_group_id uuid NOT NULL,
    user_id uuid NOT NULL,
    device_name text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE sync_clients (
    client_id uuid NOT NULL,
    client_group_id uuid NOT NULL,
    user_id uuid NOT NULL,
    last_mutation_id bigint DEFAULT 0 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE sync_field_writes (
    entity text NOT NULL,
    entity_id uuid NOT NULL,
    field text NOT NULL,
    client_group_id uuid NOT NULL,
    value jsonb
);

CREATE TABLE sync_rejections (
    client_id uuid NOT NULL,
    mutation_id bigint NOT NULL,
    name text NOT NULL,
    status_code integer NOT NULL,
    message text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE sync_state (
    id boolean DEFAULT true NOT NULL,
    version bigint DEFAULT 0 NOT NULL,
    tombstone_horizon bigint DEFAULT 0 NOT NULL,
    CONSTRAINT sync_state_id_check CHECK (id)
);

CREATE TABLE tax_rates (
    id uuid NOT NULL,
    name text NOT NULL,
    rate numeric(6,3) NOT NULL,
    category text NOT NULL,
    exemption_reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tax_rates_category_check CHECK ((category = ANY (ARRAY['S'::text, 'Z'::text, 'E'::text, 'AE'::text, 'K'::text, 'G'::text, 'O'::text]))),
    CONSTRAINT tax_rates_exemption_reason_check CHECK ((char_length(exemption_reason) <= 300)),
    CONSTRAINT tax_rates_name_check CHECK (((char_length(name) >= 1) AND (char_length(name) <= 100))),
    CONSTRAINT tax_rates_rate_check CHECK (((rate >= (0)::numeric) AND (rate <= (100)::numeric)))
);

CREATE TABLE tombstones (
    entity text NOT NULL,
    id uuid NOT NULL,
    version bigint NOT NULL,
    deleted_at timestamp with time zone DEFAULT now() NOT NULL
);

INSERT INTO billing_settings (id, default_payment_terms, reminders_enabled, reminder_first_days, reminder_every_days, reminder_max) VALUES (true, 'net_30', true, 3, 7, 3);

INSERT INTO counters (name, value, period) VALUES ('quote', 0, '');
INSERT INTO counters (name, value, period) VALUES ('order', 0, '');
INSERT INTO counters (name, value, period) VALUES ('invoice', 0, '');
INSERT INTO counters (name, value, period) VALUES ('credit_note', 0, '');

INSERT INTO sync_state (id, version, tombstone_horizon) VALUES (true, 7, 0);

ALTER TABLE ONLY billing_settings
    ADD CONSTRAINT billing_settings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY conflicts
    ADD CONSTRAINT conflicts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY contacts
    ADD CONSTRAINT contacts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY counters
    ADD CONSTRAINT counters_pkey PRIMARY KEY (name, period);

ALTER TABLE ONLY credit_note_lines
    ADD CONSTRAINT credit_note_lines_pkey PRIMARY KEY (id);

ALTER TABLE ONLY credit_notes
    ADD CONSTRAINT credit_notes_credit_note_number_key UNIQUE (credit_note_number);

ALTER TABLE ONLY credit_notes
    ADD CONSTRAINT credit_notes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY currencies
    ADD CONSTRAINT currencies_code_key UNIQUE (code);

ALTER TABLE ONLY currencies
    ADD CONSTRAINT currencies_pkey PRIMARY KEY (id);

ALTER TABLE ONLY customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY document_mails
    ADD CONSTRAINT document_mails_pkey PRIMARY KEY (id);

ALTER TABLE ONLY invoice_items
    ADD CONSTRAINT invoice_items_pkey PRIMARY KEY (id);

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_invoice_number_key UNIQUE (invoice_number);

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_order_id_key UNIQUE (order_id);

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_recurring_period_key UNIQUE (recurring_profile_id, period_index);

ALTER TABLE ONLY numbering_patterns
    ADD CONSTRAINT numbering_patterns_pkey PRIMARY KEY (kind);

ALTER TABLE ONLY order_items
    ADD CONSTRAINT order_items_pkey PRIMARY KEY (id);

ALTER TABLE ONLY orders
    ADD CONSTRAINT orders_order_number_key UNIQUE (order_number);

ALTER TABLE ONLY orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (id);

ALTER TABLE ONLY orders
    ADD CONSTRAINT orders_quote_id_key UNIQUE (quote_id);

ALTER TABLE ONLY payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY products
    ADD CONSTRAINT products_pkey PRIMARY KEY (id);

ALTER TABLE ONLY quote_items
    ADD CONSTRAINT quote_items_pkey PRIMARY KEY (id);

ALTER TABLE ONLY quotes
    ADD CONSTRAINT quotes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY quotes
    ADD CONSTRAINT quotes_quote_number_key UNIQUE (quote_number);

ALTER TABLE ONLY recurring_profile_lines
    ADD CONSTRAINT recurring_profile_lines_pkey PRIMARY KEY (id);

ALTER TABLE ONLY recurring_profiles
    ADD CONSTRAINT recurring_profiles_pkey PRIMARY KEY (id);

ALTER TABLE ONLY recurring_runs
    ADD CONSTRAINT recurring_runs_pkey PRIMARY KEY (recurring_profile_id, period_index);

ALTER TABLE ONLY sync_client_groups
    ADD CONSTRAINT sync_client_groups_pkey PRIMARY KEY (client_group_id);

ALTER TABLE ONLY sync_clients
    ADD CONSTRAINT sync_clients_pkey PRIMARY KEY (client_id);

ALTER TABLE ONLY sync_field_writes
    ADD CONSTRAINT sync_field_writes_pkey PRIMARY KEY (entity, entity_id, field);

ALTER TABLE ONLY sync_rejections
    ADD CONSTRAINT sync_rejections_pkey PRIMARY KEY (client_id, mutation_id);

ALTER TABLE ONLY sync_state
    ADD CONSTRAINT sync_state_pkey PRIMARY KEY (id);

ALTER TABLE ONLY tax_rates
    ADD CONSTRAINT tax_rates_pkey PRIMARY KEY (id);

ALTER TABLE ONLY tombstones
    ADD CONSTRAINT tombstones_pkey PRIMARY KEY (entity, id);

CREATE INDEX conflicts_version_idx ON conflicts USING btree (version);

CREATE INDEX contacts_customer_idx ON contacts USING btree (customer_id);

CREATE INDEX contacts_version_idx ON contacts USING btree (version);

CREATE INDEX credit_note_lines_item_idx ON credit_note_lines USING btree (invoice_item_id);

CREATE INDEX credit_note_lines_note_idx ON credit_note_lines USING btree (credit_note_id, "position");

CREATE INDEX credit_notes_created_idx ON credit_notes USING btree (created_at DESC, id);

CREATE INDEX credit_notes_invoice_idx ON credit_notes USING btree (invoice_id);

CREATE INDEX credit_notes_version_idx ON credit_notes USING btree (version);

CREATE UNIQUE INDEX currencies_one_default ON currencies USING btree (is_default) WHERE is_default;

CREATE INDEX currencies_version_idx ON currencies USING btree (version);

CREATE INDEX customers_name_idx ON customers USING btree (lower(name), id);

CREATE INDEX customers_version_idx ON customers USING btree (version);

CREATE INDEX invoice_items_invoice_idx ON invoice_items USING btree (invoice_id, "position");

CREATE INDEX invoices_created_idx ON invoices USING btree (created_at DESC, id);

CREATE INDEX invoices_due_idx ON invoices USING btree (due_date, id);

CREATE INDEX invoices_reminder_idx ON invoices USING btree (due_date) WHERE ((status = ANY (ARRAY['Unpaid'::text, 'Partially paid'::text])) AND (NOT reminders_stopped));

CREATE INDEX invoices_version_idx ON invoices USING btree (version);

CREATE INDEX order_items_order_idx ON order_items USING btree (order_id, "position");

CREATE INDEX orders_created_idx ON orders USING btree (created_at DESC, id);

CREATE INDEX orders_currency_idx ON orders USING btree (currency_code);

CREATE INDEX orders_customer_idx ON orders USING btree (customer_id);

CREATE INDEX orders_version_idx ON orders USING btree (version);

CREATE INDEX payments_invoice_idx ON payments USING btree (invoice_id, paid_on, id);

CREATE INDEX payments_version_idx ON payments USING btree (version);

CREATE INDEX products_currency_idx ON products USING btree (currency_code);

CREATE INDEX products_version_idx ON products USING btree (version);

CREATE INDEX quote_items_quote_idx ON quote_items USING btree (quote_id, "position");

CREATE INDEX quotes_created_idx ON quotes USING btree (created_at DESC, id);

CREATE INDEX quotes_currency_idx ON quotes USING btree (currency_code);

CREATE INDEX quotes_customer_idx ON quotes USING btree (customer_id);

CREATE INDEX quotes_sent_valid_until_idx ON quotes USING btree (valid_until) WHERE (status = 'Sent'::text);

CREATE INDEX quotes_version_idx ON quotes USING btree (version);

CREATE INDEX recurring_profile_lines_profile_idx ON recurring_profile_lines USING btree (recurring_profile_id, "position");

CREATE INDEX recurring_profiles_active_idx ON recurring_profiles USING btree (status) WHERE (status = 'active'::text);

CREATE INDEX recurring_profiles_customer_idx ON recurring_profiles USING btree (customer_id);

CREATE INDEX recurring_profiles_version_idx ON recurring_profiles USING btree (version);

CREATE INDEX recurring_runs_mail_retry_idx ON recurring_runs USING btree (mail_retry_at) WHERE (mail_state = ANY (ARRAY['pending'::text, 'failed'::text]));

CREATE INDEX sync_clients_group_idx ON sync_clients USING btree (client_group_id);

CREATE INDEX tombstones_version_idx ON tombstones USING btree (version);

CREATE CONSTRAINT TRIGGER sync_state_version_notify AFTER UPDATE OF version ON sync_state DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app.notify_version_change();

ALTER TABLE ONLY contacts
    ADD CONSTRAINT contacts_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE;

ALTER TABLE ONLY credit_note_lines
    ADD CONSTRAINT credit_note_lines_credit_note_id_fkey FOREIGN KEY (credit_note_id) REFERENCES credit_notes(id) ON DELETE CASCADE;

ALTER TABLE ONLY credit_note_lines
    ADD CONSTRAINT credit_note_lines_invoice_item_id_fkey FOREIGN KEY (invoice_item_id) REFERENCES invoice_items(id) ON DELETE RESTRICT;

ALTER TABLE ONLY credit_notes
    ADD CONSTRAINT credit_notes_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE RESTRICT;

ALTER TABLE ONLY credit_notes
    ADD CONSTRAINT credit_notes_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES invoices(id) ON DELETE RESTRICT;

ALTER TABLE ONLY invoice_items
    ADD CONSTRAINT invoice_items_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES invoices(id) ON DELETE CASCADE;

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES contacts(id) ON DELETE SET NULL;

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE RESTRICT;

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_order_id_fkey FOREIGN KEY (order_id) REFERENCES orders(id) ON DELETE RESTRICT;

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_recurring_profile_id_fkey FOREIGN KEY (recurring_profile_id) REFERENCES recurring_profiles(id) ON DELETE SET NULL;

ALTER TABLE ONLY order_items
    ADD CONSTRAINT order_items_order_id_fkey FOREIGN KEY (order_id) REFERENCES orders(id) ON DELETE CASCADE;

ALTER TABLE ONLY order_items
    ADD CONSTRAINT order_items_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE SET NULL;

ALTER TABLE ONLY orders
    ADD CONSTRAINT orders_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES contacts(id) ON DELETE SET NULL;

ALTER TABLE ONLY orders
    ADD CONSTRAINT orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE;

ALTER TABLE ONLY orders
    ADD CONSTRAINT orders_quote_id_fkey FOREIGN KEY (quote_id) REFERENCES quotes(id) ON DELETE SET NULL;

ALTER TABLE ONLY payments
    ADD CONSTRAINT payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES invoices(id) ON DELETE CASCADE;

ALTER TABLE ONLY quote_items
    ADD CONSTRAINT quote_items_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE SET NULL;

ALTER TABLE ONLY quote_items
    ADD CONSTRAINT quote_items_quote_id_fkey FOREIGN KEY (quote_id) REFERENCES quotes(id) ON DELETE CASCADE;

ALTER TABLE ONLY quotes
    ADD CONSTRAINT quotes_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES contacts(id) ON DELETE SET NULL;

ALTER TABLE ONLY quotes
    ADD CONSTRAINT quotes_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE;

ALTER TABLE ONLY recurring_profile_lines
    ADD CONSTRAINT recurring_profile_lines_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE SET NULL;

ALTER TABLE ONLY recurring_profile_lines
    ADD CONSTRAINT recurring_profile_lines_recurring_profile_id_fkey FOREIGN KEY (recurring_profile_id) REFERENCES recurring_profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY recurring_profiles
    ADD CONSTRAINT recurring_profiles_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES contacts(id) ON DELETE SET NULL;

ALTER TABLE ONLY recurring_profiles
    ADD CONSTRAINT recurring_profiles_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE RESTRICT;

ALTER TABLE ONLY recurring_runs
    ADD CONSTRAINT recurring_runs_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES invoices(id) ON DELETE RESTRICT;

ALTER TABLE ONLY recurring_runs
    ADD CONSTRAINT recurring_runs_recurring_profile_id_fkey FOREIGN KEY (recurring_profile_id) REFERENCES recurring_profiles(id) ON DELETE CASCADE;
