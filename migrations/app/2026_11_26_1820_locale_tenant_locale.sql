-- Issue 34.1: the locale the company's numbers and dates are shown and typed in (BCP 47, e.g.
-- 'de-DE'). Null = en-US, the spec's; existing companies keep what they have.
ALTER TABLE app.tenants ADD COLUMN IF NOT EXISTS locale text;
