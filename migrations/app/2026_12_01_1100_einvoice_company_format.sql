-- Issue 35: the e-invoice format of customers without one of their own ('none': the PDF only).
ALTER TABLE app.tenants
  ADD COLUMN einvoice_format text NOT NULL DEFAULT 'none';
