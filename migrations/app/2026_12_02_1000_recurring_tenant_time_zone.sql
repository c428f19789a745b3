-- Recurring invoices fall due on the company's calendar day: its IANA time zone. NULL: the
-- time zone of its country (UTC without a country), so existing companies need no value.
ALTER TABLE app.tenants ADD COLUMN time_zone text;
