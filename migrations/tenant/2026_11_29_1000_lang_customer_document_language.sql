-- Issue 34.3: a customer's document language; null = the company's.
ALTER TABLE customers ADD COLUMN document_language text;
