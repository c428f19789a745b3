-- Issue 19.5: the tenant's default quote validity, in days after sending.
ALTER TABLE app.tenants
  ADD COLUMN quote_validity_days integer NOT NULL DEFAULT 30
    CHECK (quote_validity_days BETWEEN 1 AND 365);
