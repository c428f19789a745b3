-- Issue 33.8: a numbering pattern per document type (INV-{YYYY}-{0000}), and counters per
-- (type, period): '' counts for ever (the default numbers and patterns without a date), '2026' per
-- year, '2026-11' per month. The existing counters keep their values as the '' period, so the
-- default numbers go on where they were.
CREATE TABLE numbering_patterns (
  kind text PRIMARY KEY,
  pattern text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE counters ADD COLUMN period text NOT NULL DEFAULT '';
ALTER TABLE counters DROP CONSTRAINT counters_pkey;
ALTER TABLE counters ADD PRIMARY KEY (name, period);
