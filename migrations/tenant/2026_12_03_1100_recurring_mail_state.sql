-- The mail of an issue-and-mail recurring invoice: its state per period, so a mail that failed is
-- tried again on a later tick (a bounded number of times, backing off) and one sent never goes
-- twice. NULL state: no mail (a draft, or a customer without an e-mail address).
--   pending: to send; sending: claimed by a runner; sent; failed: retry_at says when to try again
--   (NULL once the attempts are used up).
ALTER TABLE recurring_runs ADD COLUMN mail_state text
  CHECK (mail_state IN ('pending', 'sending', 'sent', 'failed'));
ALTER TABLE recurring_runs ADD COLUMN mail_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE recurring_runs ADD COLUMN mail_error text;
ALTER TABLE recurring_runs ADD COLUMN mail_retry_at timestamptz;
-- Every tick looks for mails to try again: only those rows.
CREATE INDEX recurring_runs_mail_retry_idx ON recurring_runs (mail_retry_at)
  WHERE mail_state IN ('pending', 'failed');
