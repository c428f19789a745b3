-- Issue 34.3: the language of documents and mails for customers without one of their own.
ALTER TABLE app.tenants
  ADD COLUMN document_language text NOT NULL DEFAULT 'en';
