-- The company's identity for invoices (issue 33, item 5; branch `issued`): the rest of its
-- structured address (the street lines stay `address`), VAT ID, company registration ID,
-- electronic address (scheme + identifier) and the bank account payments go to. All optional.
ALTER TABLE app.tenants
  ADD COLUMN postcode text,
  ADD COLUMN city text,
  ADD COLUMN region text,
  ADD COLUMN vat_id text,
  ADD COLUMN registration_id text,
  ADD COLUMN electronic_address_scheme text,
  ADD COLUMN electronic_address_id text,
  ADD COLUMN iban text,
  ADD COLUMN bic text;
