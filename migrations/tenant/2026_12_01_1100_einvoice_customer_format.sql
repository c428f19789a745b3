-- Issue 35: the e-invoice format a customer receives (none, peppol, xrechnung, facturx);
-- null = the company's default. Checked by the service (shared-types einvoice/preference.ts).
ALTER TABLE customers ADD COLUMN einvoice_format text;
