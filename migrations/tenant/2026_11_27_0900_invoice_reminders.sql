-- Getting paid (issue 19), reminders: the tenant's policy (on by default: first reminder 3 days
-- after the due date, then every 7 days, at most 3), a per-invoice "stop reminders", and the log
-- of reminders sent, kept on the invoice so devices pull it with the invoice.

ALTER TABLE billing_settings
  ADD COLUMN reminders_enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN reminder_first_days integer NOT NULL DEFAULT 3
    CHECK (reminder_first_days BETWEEN 0 AND 365),
  ADD COLUMN reminder_every_days integer NOT NULL DEFAULT 7
    CHECK (reminder_every_days BETWEEN 1 AND 365),
  ADD COLUMN reminder_max integer NOT NULL DEFAULT 3 CHECK (reminder_max BETWEEN 1 AND 20);

-- reminders: [{ "number": 1, "sentAt": "2026-11-28T06:00:00.000Z", "sentTo": "a@b.c" }, …]
ALTER TABLE invoices
  ADD COLUMN reminders_stopped boolean NOT NULL DEFAULT false,
  ADD COLUMN reminders jsonb NOT NULL DEFAULT '[]'::jsonb
    CHECK (jsonb_typeof(reminders) = 'array');

-- The reminder job's candidates: open invoices by due date.
CREATE INDEX invoices_reminder_idx ON invoices (due_date)
  WHERE status IN ('Unpaid', 'Partially paid') AND NOT reminders_stopped;

-- Every invoice gained fields: one new version, so devices pull them again.
UPDATE sync_state SET version = version + 1;
UPDATE invoices SET version = (SELECT version FROM sync_state), updated_at = now();
