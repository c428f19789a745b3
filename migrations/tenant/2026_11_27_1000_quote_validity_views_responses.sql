-- Quotes that expire, show they were viewed, and record who accepted and why someone declined
-- (issue 19, items 5–7).
--  valid_until: the last day the quote can be accepted; set when it is sent (the tenant's
--    default number of days after sending) unless the Draft already has one. After it the quote
--    is Expired (computed, not stored: the status stays Sent).
--  viewed_at (existing) is the first view; last_viewed_at and view_count are updated in place by
--    one conditional UPDATE per counted view — no per-view rows.
--  sent_by: the user who sent it last, the quote's owner who is mailed the customer's answer.
ALTER TABLE quotes
  ADD COLUMN valid_until date,
  ADD COLUMN last_viewed_at timestamptz,
  ADD COLUMN view_count integer NOT NULL DEFAULT 0 CHECK (view_count >= 0),
  ADD COLUMN sent_by uuid,
  ADD COLUMN accepted_by_name text CHECK (char_length(accepted_by_name) <= 200),
  ADD COLUMN accepted_ip text CHECK (char_length(accepted_ip) <= 64),
  ADD COLUMN rejection_reason text CHECK (char_length(rejection_reason) <= 1000);

-- A quote viewed before this migration was viewed at least once.
UPDATE quotes SET view_count = 1, last_viewed_at = viewed_at WHERE viewed_at IS NOT NULL;

-- Sent quotes already out get the default validity from the day of this migration, so none is
-- expired by the upgrade itself.
UPDATE quotes SET valid_until = CURRENT_DATE + 30 WHERE status = 'Sent' AND valid_until IS NULL;

-- The Expired filter: Sent quotes by date.
CREATE INDEX quotes_sent_valid_until_idx ON quotes (valid_until) WHERE status = 'Sent';
