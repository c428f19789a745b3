-- Issue 34.4: invoices and orders e-mailed to their customer: when last, and to whom.
ALTER TABLE invoices ADD COLUMN emailed_at timestamptz, ADD COLUMN emailed_to text;
ALTER TABLE orders ADD COLUMN emailed_at timestamptz, ADD COLUMN emailed_to text;

-- One row per send a device asked for (its client-made id): a replayed mutation mails nothing.
CREATE TABLE document_mails (
  id uuid PRIMARY KEY,
  entity text NOT NULL,
  entity_id uuid NOT NULL,
  sent_to text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
