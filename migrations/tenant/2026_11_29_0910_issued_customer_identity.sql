-- The parties' identities (issue 33, item 5; branch `issued`): a customer's structured address (the
-- street lines stay `address` and `address2`), VAT ID, company registration ID, electronic address
-- (scheme + identifier), bank account, and the buyer reference its documents default to. All
-- optional; the shapes are checked by the service (shared-types parties.ts).

ALTER TABLE customers
  ADD COLUMN postcode text,
  ADD COLUMN city text,
  ADD COLUMN region text,
  ADD COLUMN country text,
  ADD COLUMN vat_id text,
  ADD COLUMN registration_id text,
  ADD COLUMN electronic_address_scheme text,
  ADD COLUMN electronic_address_id text,
  ADD COLUMN iban text,
  ADD COLUMN bic text,
  ADD COLUMN buyer_reference text;

-- Every customer gained fields: one new version, so devices pull them again.
UPDATE sync_state SET version = version + 1;
UPDATE customers SET version = (SELECT version FROM sync_state), updated_at = now();
