-- Per-address counters (issue 32): failed logins per e-mail address (a lock after too many) and
-- the mails sent per address (forgot-password, resend-verification, resend-invitation, the
-- "someone tried to register" notice). Keyed by an HMAC of the lower-cased address, so unknown
-- addresses an attacker tries are counted exactly like real ones and no address is stored.
CREATE TABLE app.address_limits (
  kind text NOT NULL,
  address_key text NOT NULL,
  count integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  locked_until timestamptz,
  PRIMARY KEY (kind, address_key)
);
CREATE INDEX address_limits_window_idx ON app.address_limits (window_started_at);
